import { describe, expect, it } from 'vitest';
import { pageOf } from './paging';

describe('pageOf', () => {
  it('gives the page asked for, with the list meta', () => {
    const { rows, meta } = pageOf([1, 2, 3, 4, 5], 2, 2);
    expect(rows).toEqual([3, 4]);
    expect(meta).toEqual({ current_page: 2, last_page: 3, from: 3, to: 4, total: 5, per_page: 2 });
  });

  it('keeps a page past the end on the last page, and an empty list on page one', () => {
    expect(pageOf([1, 2, 3], 9, 2).rows).toEqual([3]);
    expect(pageOf([], 1).meta).toMatchObject({ current_page: 1, last_page: 1, from: null, total: 0 });
  });
});
