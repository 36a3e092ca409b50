import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Envelope, videoReactionResponse } from '@pw/contracts';
import { api } from '@/lib/api';

/** The like count and the caller's like after a toggle, as the contract's reaction answer has them. */
export type ReactionResult = z.infer<typeof videoReactionResponse>['data'];

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
