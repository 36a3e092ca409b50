import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { funeralHomeRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

/** GET /web/user/video/{id}/grants: the homes and people holding access to the owner's video. */
export const getVideoGrants = (id: number, signal?: AbortSignal) =>
  callRoute(funeralHomeRoutes.grants, { params: { id }, signal }).then((body) => body.data);

export function useVideoGrants(id: number) {
  return useQuery({ queryKey: videoKeys.grants(id), queryFn: ({ signal }) => getVideoGrants(id, signal) });
}

/** POST /web/user/video/{id}/grants/{grant_id}/revoke: takes an unpublished grant back. */
export const revokeVideoGrant = (id: number, grantId: string) =>
  callRoute(funeralHomeRoutes.revokeGrant, { params: { id, grant_id: grantId } });

export function useRevokeGrant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grantId: string) => revokeVideoGrant(id, grantId),
    // Settled, not only on success: a refusal (e.g. published meanwhile) shows the list as it now is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoKeys.grants(id) }),
  });
}
