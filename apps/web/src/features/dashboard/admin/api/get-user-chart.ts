import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminDashboardKeys } from '@/lib/query-keys';
import type { ChartRange } from './range';

/** GET /admin/dashboard/get-user-chart-data{query}: sign-ups of users and funeral homes over the range. */
export const getDashboardUserChart = (range: ChartRange, signal?: AbortSignal) =>
  callRoute(dashboardRoutes.userChart, { query: { ...range }, signal });

export function useDashboardUserChart(range: ChartRange | null) {
  return useQuery({
    queryKey: adminDashboardKeys.userChart({ ...range }),
    queryFn: ({ signal }) => getDashboardUserChart(range!, signal),
    select: (body) => body.data,
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
