import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanKind } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminPlanKeys } from '@/lib/query-keys';
import { planCalls } from '../model/plan-areas';
import type { PlanFormValues } from './plan-form-values';

/** POST /admin/subscription/{kind}/create: title, duration, price, description. */
export const createAdminPlan = (kind: PlanKind, values: PlanFormValues) =>
  // The form parsed the values with this kind's own body schema; the union of kinds is too wide to name.
  callRoute(planCalls(kind).create, { body: values as never });

export function useCreateAdminPlan(kind: PlanKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PlanFormValues) => createAdminPlan(kind, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPlanKeys.kind(kind) }),
  });
}
