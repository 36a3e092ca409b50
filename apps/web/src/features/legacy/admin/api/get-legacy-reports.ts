import { legacyRoutes } from '@pw/contracts';
import { useZonedListPage, type ListParams } from '@/lib/list-query';
import { adminLegacyKeys } from '@/lib/query-keys';

/**
 * GET /admin/legacy{query}: page, per_page, search (the owner's name or e-mail), state,
 * from_date/to_date (the day of the report, in the admin's zone), sort and order.
 */
export const useLegacyReports = (params: ListParams) =>
  useZonedListPage(adminLegacyKeys.list(params), legacyRoutes.adminList, params);
