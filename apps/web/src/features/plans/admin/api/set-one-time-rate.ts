import { useMutation, useQueryClient } from '@tanstack/react-query';
import { planRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminPlanKeys } from '@/lib/query-keys';

/** POST /admin/subscription/one-time-rate/create with { rate } (the history keeps the older ones). */
export const setOneTimeRate = (rate: string) => callRoute(planRoutes.oneTimeRateCreate, { body: { rate } });

export function useSetOneTimeRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOneTimeRate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPlanKeys.rate() }),
  });
}
