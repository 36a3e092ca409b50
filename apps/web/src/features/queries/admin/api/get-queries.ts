import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { browserTimeZone } from '@/lib/dates';
import { adminQueryKeys } from '@/lib/query-keys';

/** GET /admin/queries{query}: page, per_page, search, user_type, from_date/to_date (in the admin's zone). */
export const getAdminQueries = (params: Record<string, string | number>, signal?: AbortSignal) =>
  callRoute(queryRoutes.list, { query: { ...params, tz: browserTimeZone() }, signal });

/** The current page stays on screen while the next one loads (no flash of the loading state). */
export function useAdminQueries(params: Record<string, string | number>) {
  return useQuery({
    queryKey: adminQueryKeys.list(params),
    queryFn: ({ signal }) => getAdminQueries(params, signal),
    placeholderData: keepPreviousData,
  });
}
