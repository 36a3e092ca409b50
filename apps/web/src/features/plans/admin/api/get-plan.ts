import { useQuery } from '@tanstack/react-query';
import type { PlanKind } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminPlanKeys } from '@/lib/query-keys';
import { planCalls } from '../model/plan-areas';

/** GET /admin/subscription/{kind}/{id}/detail. */
export const getAdminPlan = (kind: PlanKind, id: string, signal?: AbortSignal) =>
  callRoute(planCalls(kind).detail, { params: { id }, signal });

export function useAdminPlan(kind: PlanKind, id: string) {
  return useQuery({
    queryKey: adminPlanKeys.detail(kind, id),
    queryFn: ({ signal }) => getAdminPlan(kind, id, signal).then((body) => body.data),
  });
}
