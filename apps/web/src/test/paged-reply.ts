import type { PageMeta } from '@pw/contracts';
import type { RecordedCall, Reply } from './fake-api';

/** A list call's answer: `rows` paged as the server pages them (the call's page and per_page). */
export function pagedReply<T>(rows: T[], call: RecordedCall): Reply {
  const page = Number(call.url.searchParams.get('page') ?? 1);
  const perPage = Number(call.url.searchParams.get('per_page') ?? 10);
  const data = rows.slice((page - 1) * perPage, page * perPage);
  const from = data.length ? (page - 1) * perPage + 1 : null;
  const meta: PageMeta = {
    current_page: page,
    last_page: Math.max(1, Math.ceil(rows.length / perPage)),
    from,
    to: from && from + data.length - 1,
    total: rows.length,
    per_page: perPage,
  };
  return { body: { data, meta, links: { prev: null, next: null } } };
}
