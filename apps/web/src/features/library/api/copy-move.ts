import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, Video } from '@pw/contracts';
import { api } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

export type MergeAction = 'copy' | 'move';

export interface CopyMoveBody {
  /** In the order the drafts are joined. */
  video_ids: number[];
  action: MergeAction;
}

/** POST /user/video/copyMove (multipart, spec §7; the path has no /web). */
export function copyMove(body: CopyMoveBody) {
  const form = new FormData();
  body.video_ids.forEach((id) => form.append('video_ids[]', String(id)));
  form.append('action', body.action);
  // No extra time can be bought yet (docs/decisions/0060-merge-extra-time.md): never over the allowance.
  form.append('durationGreater', '0');
  return api.post<Envelope<Video>>('/user/video/copyMove', form);
}

export function useCopyMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyMove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
