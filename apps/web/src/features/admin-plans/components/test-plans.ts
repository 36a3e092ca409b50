import type { AdminPlan } from '@pw/contracts';
import { fakeApi, type RecordedCall } from '@/test/fake-api';

/** Plans as the server answers them, for the component tests. */
export const planFixture = (id: number, overrides: Partial<AdminPlan> = {}): AdminPlan => ({
  id,
  title: `Plan ${id}`,
  duration: 'monthly',
  price: '4.99',
  description: `About plan ${id}`,
  status: 1,
  status_detail: 'Active',
  created_at: new Date(Date.UTC(2026, 10, 1, 9)).toISOString(),
  updated_at: new Date(Date.UTC(2026, 10, id, 9)).toISOString(),
  ...overrides,
});

/** A paged answer of the list call, paging like the real server. */
export function pagedPlans(call: RecordedCall, rows: AdminPlan[]) {
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
}

/** The membership list call answering `rows`. */
export const membershipListServer = (rows: AdminPlan[]) =>
  fakeApi({ 'GET /api/admin/subscription/time-block': (call) => pagedPlans(call, rows) });
