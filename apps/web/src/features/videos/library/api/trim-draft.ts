import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

/** POST /web/user/video/{id}/trim: the part of the draft to keep, in seconds of the video as it is. */
export function useTrimDraft(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trim: { start: number; end: number }) =>
      callRoute(videoRoutes.trim, { params: { id }, body: { trim_start: trim.start, trim_end: trim.end } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
