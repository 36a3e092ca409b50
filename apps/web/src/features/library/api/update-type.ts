import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, Video } from '@pw/contracts';
import { api } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

export interface Schedule {
  email: string;
  /** yyyy-mm-dd */
  share_at_date: string;
  /** HH:MM:00 (spec §5: the time is sent with ':00') */
  share_at_time: string;
  /** The browser's IANA zone: the server stores the instant (PRODUCT.md "Scheduled delivery"). */
  timezone: string;
}

export type UpdateTypeBody = { type: 'draft' | 'final' } | ({ type: 'scheduled' } & Schedule);

/** POST /web/user/video/{id}/update-type: moves a video, or (re)schedules it. */
export function updateType(id: number, body: UpdateTypeBody) {
  return api.post<Envelope<Video>>(`/web/user/video/${id}/update-type`, { ...body });
}

export function useUpdateType(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTypeBody) => updateType(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
