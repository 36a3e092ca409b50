import { describe, expect, it } from 'vitest';
import { buildStoreFields, keptSeconds } from './upload-flow';

describe('the trims in the store call', () => {
  it('sends the trims per clip, in order, and counts the kept length', () => {
    const trims = [null, { start: 5, end: 12.25 }];
    const fields = buildStoreFields({
      folder: 'draft',
      title: 'Hello',
      description: '',
      totalSeconds: 10,
      trims,
    });
    expect(fields.trim_start).toEqual(['', '5']);
    expect(fields.trim_end).toEqual(['', '12.25']);
    expect(
      buildStoreFields({ folder: 'draft', title: 'a', description: '', totalSeconds: 3 }),
    ).not.toHaveProperty('trim_start');
    expect(
      keptSeconds([
        { seconds: 3, trim: null },
        { seconds: 20, trim: { start: 5, end: 12 } },
      ]),
    ).toBe(10);
  });
});
