import { planRoutes } from '@pw/contracts';
import type { AdminPlan } from '@pw/contracts';
import { routeKey, fakeApi, type RecordedCall } from '@/test/fake-api';
import { pagedReply } from '@/test/paged-reply';

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
export const pagedPlans = (call: RecordedCall, rows: AdminPlan[]) => pagedReply(rows)(call);

/** The membership list call answering `rows`. */
export const membershipListServer = (rows: AdminPlan[]) =>
  fakeApi({ [routeKey(planRoutes.membershipList)]: (call) => pagedPlans(call, rows) });
