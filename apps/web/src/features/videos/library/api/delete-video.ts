import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

/** DELETE /web/user/video/{id}/delete. */
export function deleteVideo(id: number) {
  return callRoute(videoRoutes.remove, { params: { id } });
}

export function useDeleteVideo(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteVideo(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
