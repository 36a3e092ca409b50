import { queryRoutes } from '@pw/contracts';
import { useZonedListPage, type ListParams } from '@/lib/list-query';
import { adminQueryKeys } from '@/lib/query-keys';

/** GET /admin/queries{query}: page, per_page, search, user_type, from_date/to_date (in the admin's zone). */
export const useAdminQueries = (params: ListParams) =>
  useZonedListPage(adminQueryKeys.list(params), queryRoutes.list, params);
