import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoRoutes, type RouteBody } from '@pw/contracts';
import { callRoute, toFormData } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

type RouteCopyMoveBody = RouteBody<typeof videoRoutes.copyMove>;

export type MergeAction = RouteCopyMoveBody['action'];

/**
 * The route's body as the drafts panel fills it. The schema accepts the ids in several shapes (so its
 * input type is `unknown`); this client always sends them as a list, in the order they are joined.
 */
export type CopyMoveBody = Pick<RouteCopyMoveBody, 'action'> & {
  video_ids: number[];
  /** Extra minutes bought for this merge (docs/product.md §3.5): sent with durationGreater=1. */
  payment_id?: string;
};

/** POST /user/video/copyMove (multipart, docs/product.md §13.2; the path has no /web). */
export function copyMove(body: CopyMoveBody) {
  const form = toFormData({
    video_ids: body.video_ids,
    action: body.action,
    // docs/product.md §13.4 merge payload: durationGreater flags a merge over the free time, paid by payment_id.
    durationGreater: body.payment_id ? 1 : 0,
    payment_id: body.payment_id,
  });
  return callRoute(videoRoutes.copyMove, { body: form });
}

export function useCopyMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyMove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
