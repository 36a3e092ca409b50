import { queryRoutes } from '@pw/contracts';
import { adminQueryKeys } from '@/lib/query-keys';
import { useRouteData } from '@/lib/route-data';

/** GET /admin/queries/{id}/detail. */
export const useAdminQuery = (id: string) =>
  useRouteData(adminQueryKeys.detail(id), queryRoutes.detail, { params: { id } });
