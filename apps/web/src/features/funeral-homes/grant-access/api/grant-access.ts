import { useMutation } from '@tanstack/react-query';
import { funeralHomeRoutes, type GrantAccessBody } from '@pw/contracts';
import { callRoute } from '@/lib/api';

/**
 * POST /web/user/video/{id}/grant-access (docs/product.md §13.4 payload): `type` 1 with a listed home's e-mail
 * (a user request at that home), 0 with a person's e-mail (a private watch link by e-mail).
 */
export const grantAccess = (videoId: number, body: GrantAccessBody) =>
  callRoute(funeralHomeRoutes.grantAccess, { params: { id: videoId }, body });

export const useGrantAccess = (videoId: number) =>
  useMutation({ mutationFn: (body: GrantAccessBody) => grantAccess(videoId, body) });
