import { useMutation } from '@tanstack/react-query';
import { accountRoutes, type RouteBody } from '@pw/contracts';
import { callRoute, toFormData } from '@/lib/api';

export type UserSignupInput = RouteBody<typeof accountRoutes.userSignup>;

/** POST /web/user/signup, multipart: the user sign-up fields and an optional photo. */
export const signupUser = (input: UserSignupInput) =>
  callRoute(accountRoutes.userSignup, { body: toFormData(input) });

export const useSignupUser = () => useMutation({ mutationFn: signupUser });
