import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, Video } from '@pw/contracts';
import { api } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

export interface TitleDescBody {
  title: string;
  description: string;
}

/** POST /web/user/video/{id}/update-title-desc. */
export function updateTitleDesc(id: number, body: TitleDescBody) {
  return api.post<Envelope<Video>>(`/web/user/video/${id}/update-title-desc`, { ...body });
}

export function useUpdateTitleDesc(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TitleDescBody) => updateTitleDesc(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
