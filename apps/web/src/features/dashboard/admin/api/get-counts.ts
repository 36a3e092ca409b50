import { useQuery } from '@tanstack/react-query';
import { dashboardRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminDashboardKeys } from '@/lib/query-keys';

/** GET /admin/dashboard/get-counts. */
export const getDashboardCounts = (signal?: AbortSignal) => callRoute(dashboardRoutes.counts, { signal });

export function useDashboardCounts() {
  return useQuery({
    queryKey: adminDashboardKeys.counts(),
    queryFn: ({ signal }) => getDashboardCounts(signal).then((body) => body.data),
  });
}
