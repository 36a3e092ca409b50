import { useQuery } from '@tanstack/react-query';
import { adminAccountRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminAccountKeys } from '@/lib/query-keys';

/**
 * GET /admin/video/{id}/parting-words?reason=… (id: the user's): their final message, or null. Each call
 * is a read recorded with its reason and told to the owner (docs/product.md §11.10).
 */
export const getAdminPartingWords = (userId: string, reason: string, signal?: AbortSignal) =>
  callRoute(adminAccountRoutes.partingWords, { params: { id: userId }, query: { reason }, signal });

/**
 * One opening of the message for one stated reason (`opening` counts them on the page). It is read once:
 * never again in the background, never kept after the page is left, never retried (a retry would be a
 * second read told to the owner).
 */
export function useAdminPartingWords(userId: string, opening: { reason: string; serial: number } | null) {
  return useQuery({
    queryKey: adminAccountKeys.partingWords(userId, opening?.serial ?? 0),
    queryFn: ({ signal }) => getAdminPartingWords(userId, opening!.reason, signal).then((body) => body.data),
    enabled: opening !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
