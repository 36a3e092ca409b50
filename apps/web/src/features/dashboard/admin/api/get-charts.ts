import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { dashboardRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminDashboardKeys } from '@/lib/query-keys';
import type { ChartRange } from './range';

/** A chart's data over the range; the chart stays on screen while a new range loads (it redraws when the answer comes). */
function useChart<T>(
  queryKey: QueryKey,
  range: ChartRange | null,
  fetch: (range: ChartRange, signal: AbortSignal) => Promise<{ data: T }>,
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetch(range!, signal),
    select: (body) => body.data,
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/dashboard/subscription{query}: revenue and purchases by plan kind over the range. */
export const useDashboardSubscription = (range: ChartRange | null) =>
  useChart(adminDashboardKeys.subscription({ ...range }), range, (chosen, signal) =>
    callRoute(dashboardRoutes.subscription, { query: { ...chosen }, signal }),
  );

/** GET /admin/dashboard/get-user-chart-data{query}: sign-ups of users and funeral homes over the range. */
export const useDashboardUserChart = (range: ChartRange | null) =>
  useChart(adminDashboardKeys.userChart({ ...range }), range, (chosen, signal) =>
    callRoute(dashboardRoutes.userChart, { query: { ...chosen }, signal }),
  );
