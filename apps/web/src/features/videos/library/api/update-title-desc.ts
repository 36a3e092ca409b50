import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoRoutes, type RouteBody } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

export type TitleDescBody = RouteBody<typeof videoRoutes.updateTitleDesc>;

/** POST /web/user/video/{id}/update-title-desc. */
export function updateTitleDesc(id: number, body: TitleDescBody) {
  return callRoute(videoRoutes.updateTitleDesc, { params: { id }, body });
}

export function useUpdateTitleDesc(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TitleDescBody) => updateTitleDesc(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
