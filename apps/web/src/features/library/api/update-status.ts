import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, Video } from '@pw/contracts';
import { api } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

/** POST /web/user/video/{id}/update-status: publishes a private video (irreversible, PRODUCT.md). */
export function publishVideo(id: number) {
  return api.post<Envelope<Video>>(`/web/user/video/${id}/update-status`, {});
}

export function usePublishVideo(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => publishVideo(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
