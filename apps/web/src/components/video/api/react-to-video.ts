import { useMutation } from '@tanstack/react-query';
import { videoRoutes, type RouteResponse } from '@pw/contracts';
import { callRoute } from '@/lib/api';

/** The like count and the caller's like after a toggle, as the contract's reaction answer has them. */
export type ReactionResult = RouteResponse<typeof videoRoutes.reaction>['data'];

/** POST /web/user/video/{id}/reaction with reaction 'like': toggles the caller's like. */
export async function reactToVideo(id: number): Promise<ReactionResult> {
  const response = await callRoute(videoRoutes.reaction, { params: { id }, body: { reaction: 'like' } });
  return response.data;
}

export function useReactToVideo() {
  return useMutation({ mutationFn: reactToVideo });
}
