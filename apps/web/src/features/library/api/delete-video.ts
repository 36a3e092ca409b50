import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@pw/contracts';
import { api } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

/** DELETE /web/user/video/{id}/delete. */
export function deleteVideo(id: number) {
  return api.delete<Envelope<null>>(`/web/user/video/${id}/delete`);
}

export function useDeleteVideo(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteVideo(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
