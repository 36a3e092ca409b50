import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { planRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminPlanKeys } from '@/lib/query-keys';

/** GET /admin/subscription/one-time-rate{query}: the current rate and its history, paged. */
export const getOneTimeRate = (params: Record<string, string | number>, signal?: AbortSignal) =>
  callRoute(planRoutes.oneTimeRate, { query: params, signal });

export function useOneTimeRate(params: Record<string, string | number>) {
  return useQuery({
    queryKey: adminPlanKeys.rateHistory(params),
    queryFn: ({ signal }) => getOneTimeRate(params, signal),
    placeholderData: keepPreviousData,
  });
}
