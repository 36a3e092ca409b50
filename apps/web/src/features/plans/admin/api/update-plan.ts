import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanKind } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminPlanKeys } from '@/lib/query-keys';
import { planCalls } from '../model/plan-areas';
import type { PlanFormValues } from './plan-form-values';

/** POST /admin/subscription/{kind}/{id}/update: title, duration, price, description. */
export const updateAdminPlan = (kind: PlanKind, id: string, values: PlanFormValues) =>
  // The form parsed the values with this kind's own body schema; the union of kinds is too wide to name.
  callRoute(planCalls(kind).update, { params: { id }, body: values as never });

export function useUpdateAdminPlan(kind: PlanKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PlanFormValues) => updateAdminPlan(kind, id, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPlanKeys.kind(kind) }),
  });
}
