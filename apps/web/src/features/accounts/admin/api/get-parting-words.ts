import { useQuery } from '@tanstack/react-query';
import { adminAccountRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminAccountKeys } from '@/lib/query-keys';

/** GET /admin/video/{id}/parting-words (id: the user's): their final message, or null. */
export const getAdminPartingWords = (userId: string, signal?: AbortSignal) =>
  callRoute(adminAccountRoutes.partingWords, { params: { id: userId }, signal });

export function useAdminPartingWords(userId: string) {
  return useQuery({
    queryKey: adminAccountKeys.partingWords(userId),
    queryFn: ({ signal }) => getAdminPartingWords(userId, signal).then((body) => body.data),
  });
}
