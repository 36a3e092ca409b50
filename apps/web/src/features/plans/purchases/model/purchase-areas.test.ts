import { describe, expect, it } from 'vitest';
import { userTypeLabel } from './purchase-areas';

describe('userTypeLabel', () => {
  it('names each payer type in words, a deleted account included (docs/product.md §11.6)', () => {
    expect(userTypeLabel('user')).toBe('User');
    expect(userTypeLabel('funeral-home')).toBe('Funeral Home');
    expect(userTypeLabel('admin')).toBe('Admin');
    expect(userTypeLabel('deleted')).toBe('Deleted account');
  });
});
