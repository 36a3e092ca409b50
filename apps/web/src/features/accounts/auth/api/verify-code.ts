import { useMutation } from '@tanstack/react-query';
import type { accountRoutes, RouteBody } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { authRoutes, type AuthArea } from '../model/area';

export type VerifyCodeInput = RouteBody<typeof accountRoutes.webVerifyCode>;

/** POST …/verify/code { email, token }: checks the code before the new-password step. */
export const verifyCode = async (area: AuthArea, input: VerifyCodeInput) =>
  callRoute((await authRoutes(area)).verifyCode, { body: input });

export const useVerifyCode = (area: AuthArea) =>
  useMutation({ mutationFn: (input: VerifyCodeInput) => verifyCode(area, input) });
