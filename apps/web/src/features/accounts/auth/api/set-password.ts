import { useMutation } from '@tanstack/react-query';
import type { accountRoutes, RouteBody } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { authRoutes, type AuthArea } from '../model/area';

export type SetPasswordInput = RouteBody<typeof accountRoutes.webSetPassword>;

/** POST …/set/password { email, token, password, password_confirmation }. */
export const setPassword = async (area: AuthArea, input: SetPasswordInput) =>
  callRoute((await authRoutes(area)).setPassword, { body: input });

export const useSetPassword = (area: AuthArea) =>
  useMutation({ mutationFn: (input: SetPasswordInput) => setPassword(area, input) });
