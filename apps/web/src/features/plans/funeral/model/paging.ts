import { DEFAULT_PER_PAGE, type PageMeta } from '@pw/contracts';

/** One page of rows already in hand, with the list kit's meta (so ListFooter reads as elsewhere). */
export function pageOf<T>(rows: T[], page: number, perPage: number = DEFAULT_PER_PAGE) {
  const lastPage = Math.max(1, Math.ceil(rows.length / perPage));
  const current = Math.min(Math.max(1, page), lastPage);
  const start = (current - 1) * perPage;
  const slice = rows.slice(start, start + perPage);
  const meta: PageMeta = {
    current_page: current,
    last_page: lastPage,
    from: slice.length ? start + 1 : null,
    to: slice.length ? start + slice.length : null,
    total: rows.length,
    per_page: perPage,
  };
  return { rows: slice, meta };
}
