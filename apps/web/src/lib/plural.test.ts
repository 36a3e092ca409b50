import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

describe('countOf', () => {
  it('names one in the singular, any other count in the plural', () => {
    expect(countOf(1, 'funeral home')).toBe('1 funeral home');
    expect(countOf(0, 'funeral home')).toBe('0 funeral homes');
    expect(countOf(1204, 'user')).toBe('1,204 users');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });
});
