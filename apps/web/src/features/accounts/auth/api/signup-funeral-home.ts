import { useMutation } from '@tanstack/react-query';
import { accountRoutes, type RouteBody } from '@pw/contracts';
import { callRoute, toFormData } from '@/lib/api';

export type FuneralHomeSignupInput = RouteBody<typeof accountRoutes.funeralHomeSignup>;

/** POST /web/funeral-home/signup, multipart: the funeral-home sign-up fields and an optional photo. */
export const signupFuneralHome = (input: FuneralHomeSignupInput) =>
  callRoute(accountRoutes.funeralHomeSignup, { body: toFormData(input) });

export const useSignupFuneralHome = () => useMutation({ mutationFn: signupFuneralHome });
