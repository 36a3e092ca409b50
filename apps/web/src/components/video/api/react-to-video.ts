import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@pw/contracts';
import { api } from '@/lib/api';

export interface ReactionResult {
  total_likes: number;
  is_liked: boolean;
}

/** POST /web/user/video/{id}/reaction with reaction 'like': toggles the caller's like. */
export async function reactToVideo(id: number): Promise<ReactionResult> {
  const response = await api.post<Envelope<ReactionResult>>(`/web/user/video/${id}/reaction`, {
    reaction: 'like',
  });
  return response.data;
}

export function useReactToVideo() {
  return useMutation({ mutationFn: reactToVideo });
}
