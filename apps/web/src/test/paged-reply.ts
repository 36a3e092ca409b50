import type { RecordedCall, Reply } from './fake-api';

/** A fake list call that pages `rows` as the server does (page, per_page → data, meta, links). */
export function pagedReply<T>(rows: T[]) {
  return (call: RecordedCall): Reply => {
    const page = Number(call.url.searchParams.get('page') ?? 1);
    const perPage = Number(call.url.searchParams.get('per_page') ?? 10);
    const data = rows.slice((page - 1) * perPage, page * perPage);
    const from = data.length ? (page - 1) * perPage + 1 : null;
    return {
      body: {
        data,
        meta: {
          current_page: page,
          last_page: Math.max(1, Math.ceil(rows.length / perPage)),
          from,
          to: from && from + data.length - 1,
          total: rows.length,
          per_page: perPage,
        },
        links: { prev: null, next: null },
      },
    };
  };
}

/** The same answer for one call, for handlers that look at the call first. */
export const pagedAnswer = <T>(rows: T[], call: RecordedCall): Reply => pagedReply(rows)(call);
