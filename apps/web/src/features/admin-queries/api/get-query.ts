import { useQuery } from '@tanstack/react-query';
import type { AdminQueryDetail } from '@pw/contracts';
import { api } from '@/lib/api';
import { adminQueryKeys } from '@/lib/query-keys';

/** GET /admin/queries/{id}/detail. */
export const getAdminQuery = (id: string, signal?: AbortSignal) =>
  api.get<{ data: AdminQueryDetail }>(`/admin/queries/${encodeURIComponent(id)}/detail`, signal);

export function useAdminQuery(id: string) {
  return useQuery({
    queryKey: adminQueryKeys.detail(id),
    queryFn: ({ signal }) => getAdminQuery(id, signal).then((body) => body.data),
  });
}
