/** The spec's response envelope: `{ message?, data }`, lists add `meta` and `links`. */
export function ok<T>(data: T, message?: string) {
  return message === undefined ? { data } : { message, data };
}

export interface PageQuery {
  page: number;
  perPage: number;
}

/** Laravel-style paging metadata, as the spec's tables and Load More read it. */
export function paginated<T>(rows: T[], total: number, query: PageQuery, url: URL, message?: string) {
  const lastPage = Math.max(1, Math.ceil(total / query.perPage));
  const from = total === 0 ? null : (query.page - 1) * query.perPage + 1;
  const to = total === 0 ? null : Math.min(total, (from ?? 1) + rows.length - 1);
  const linkTo = (page: number) => {
    const next = new URL(url);
    next.searchParams.set('page', String(page));
    next.searchParams.set('per_page', String(query.perPage));
    return `${next.pathname}${next.search}`;
  };
  return {
    ...(message === undefined ? {} : { message }),
    data: rows,
    meta: { current_page: query.page, last_page: lastPage, from, to, total, per_page: query.perPage },
    links: {
      prev: query.page > 1 ? linkTo(query.page - 1) : null,
      next: query.page < lastPage ? linkTo(query.page + 1) : null,
    },
  };
}
