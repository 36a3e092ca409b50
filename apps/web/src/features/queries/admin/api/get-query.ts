import { useQuery } from '@tanstack/react-query';
import { queryRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminQueryKeys } from '@/lib/query-keys';

/** GET /admin/queries/{id}/detail. */
export const getAdminQuery = (id: string, signal?: AbortSignal) =>
  callRoute(queryRoutes.detail, { params: { id }, signal });

export function useAdminQuery(id: string) {
  return useQuery({
    queryKey: adminQueryKeys.detail(id),
    queryFn: ({ signal }) => getAdminQuery(id, signal).then((body) => body.data),
  });
}
