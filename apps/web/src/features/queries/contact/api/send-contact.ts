import { useMutation } from '@tanstack/react-query';
import { queryRoutes, type RouteBody } from '@pw/contracts';
import { callRoute, toFormData } from '@/lib/api';

export type ContactInput = RouteBody<typeof queryRoutes.contactUs>;

/** POST /web/user/contact-us, multipart (docs/product.md §13.2): a visitor's or user's message to the team. */
export const sendContact = (input: ContactInput) =>
  callRoute(queryRoutes.contactUs, { body: toFormData(input) });

export const useSendContact = () => useMutation({ mutationFn: sendContact });
