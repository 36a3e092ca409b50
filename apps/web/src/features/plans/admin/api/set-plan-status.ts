import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanKind } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminPlanKeys } from '@/lib/query-keys';
import { planCalls } from '../model/plan-areas';

/** POST /admin/subscription/{kind}/{id}/status with { status: 1 | 0 } (docs/product.md §13.5). */
export const setAdminPlanStatus = (kind: PlanKind, id: number, status: 0 | 1) =>
  callRoute(planCalls(kind).status, { params: { id: String(id) }, body: { status } });

export function useSetAdminPlanStatus(kind: PlanKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 0 | 1 }) => setAdminPlanStatus(kind, id, status),
    // docs/product.md §13.5: the list refreshes after a toggle.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPlanKeys.kind(kind) }),
  });
}
