import type { PageMeta } from '@pw/contracts';

/** The contract's response envelope: `{ message?, data }`, lists add `meta` and `links`. */
export function ok<T>(data: T, message?: string) {
  return message === undefined ? { data } : { message, data };
}

export interface PageQuery {
  page: number;
  perPage: number;
}

/** docs/product.md §13.4 'Pagination meta': from/to are null on an empty page (none, or past the last one). */
export function pageMeta(rowCount: number, total: number, query: PageQuery): PageMeta {
  const lastPage = Math.max(1, Math.ceil(total / query.perPage));
  const from = rowCount === 0 ? null : (query.page - 1) * query.perPage + 1;
  const to = from === null ? null : from + rowCount - 1;
  return { current_page: query.page, last_page: lastPage, from, to, total, per_page: query.perPage };
}

/**
 * The one paginated-response builder (the list kit's envelope): `data`, `meta`, and `links` to the
 * previous and next pages keeping every other parameter of the request (search, filters, sort).
 */
export function paginated<T>(rows: T[], total: number, query: PageQuery, url: URL, message?: string) {
  const meta = pageMeta(rows.length, total, query);
  const lastPage = meta.last_page;
  const linkTo = (page: number) => {
    const next = new URL(url);
    next.searchParams.set('page', String(page));
    next.searchParams.set('per_page', String(query.perPage));
    return `${next.pathname}${next.search}`;
  };
  return {
    ...(message === undefined ? {} : { message }),
    data: rows,
    meta,
    links: {
      prev: query.page > 1 ? linkTo(Math.min(query.page - 1, lastPage)) : null,
      next: query.page < lastPage ? linkTo(query.page + 1) : null,
    },
  };
}
