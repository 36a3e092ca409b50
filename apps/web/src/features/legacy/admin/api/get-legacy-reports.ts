import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { legacyRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { browserTimeZone } from '@/lib/dates';
import { adminLegacyKeys } from '@/lib/query-keys';

/**
 * GET /admin/legacy{query}: page, per_page, search (the owner's name or e-mail), state,
 * from_date/to_date (the day of the report, in the admin's zone), sort and order.
 */
export const getLegacyReports = (params: Record<string, string | number>, signal?: AbortSignal) =>
  callRoute(legacyRoutes.adminList, { query: { ...params, tz: browserTimeZone() }, signal });

/** The current page stays on screen while the next one loads (no flash of the loading state). */
export function useLegacyReports(params: Record<string, string | number>) {
  return useQuery({
    queryKey: adminLegacyKeys.list(params),
    queryFn: ({ signal }) => getLegacyReports(params, signal),
    placeholderData: keepPreviousData,
  });
}
