import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

/**
 * POST /web/user/video/{id}/update-status: publishes a private video (irreversible, docs/product.md §3.3). The
 * empty body means "publish" (the route reads a missing `is_private` as 0).
 */
export function publishVideo(id: number) {
  return callRoute(videoRoutes.updateStatus, { params: { id }, body: {} });
}

export function usePublishVideo(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => publishVideo(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
