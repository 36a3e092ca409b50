import { useMutation } from '@tanstack/react-query';
import { funeralHomeRoutes, type RouteBody } from '@pw/contracts';
import { callRoute } from '@/lib/api';

export type FuneralFormInput = RouteBody<typeof funeralHomeRoutes.create>;

/** POST /web/user/funeral-video/{id}/create: the Funeral Home Form to the chosen home (`user_id`). */
export const sendFuneralForm = (homeId: number, body: FuneralFormInput) =>
  callRoute(funeralHomeRoutes.create, { params: { id: homeId }, body });

export const useSendFuneralForm = () =>
  useMutation({
    mutationFn: ({ homeId, body }: { homeId: number; body: FuneralFormInput }) =>
      sendFuneralForm(homeId, body),
  });
