import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminDashboardKeys } from '@/lib/query-keys';
import type { ChartRange } from './range';

/** GET /admin/dashboard/subscription{query}: revenue and purchases by plan kind over the range. */
export const getDashboardSubscription = (range: ChartRange, signal?: AbortSignal) =>
  callRoute(dashboardRoutes.subscription, { query: { ...range }, signal });

/** The chart stays on screen while a new range loads (it redraws when the answer comes). */
export function useDashboardSubscription(range: ChartRange | null) {
  return useQuery({
    queryKey: adminDashboardKeys.subscription({ ...range }),
    queryFn: ({ signal }) => getDashboardSubscription(range!, signal),
    select: (body) => body.data,
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
