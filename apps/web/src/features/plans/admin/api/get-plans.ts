import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlanKind } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { browserTimeZone } from '@/lib/dates';
import { adminPlanKeys } from '@/lib/query-keys';
import { planCalls } from '../model/plan-areas';

/** GET /admin/subscription/{kind}{query}: page, per_page, search, status, from_date/to_date (modified). */
export const getAdminPlans = (
  kind: PlanKind,
  params: Record<string, string | number>,
  signal?: AbortSignal,
) => callRoute(planCalls(kind).list, { query: { ...params, tz: browserTimeZone() }, signal });

/** The current page stays on screen while the next one loads. */
export function useAdminPlans(kind: PlanKind, params: Record<string, string | number>) {
  return useQuery({
    queryKey: adminPlanKeys.list(kind, params),
    queryFn: ({ signal }) => getAdminPlans(kind, params, signal),
    placeholderData: keepPreviousData,
  });
}
