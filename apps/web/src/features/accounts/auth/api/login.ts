import { useMutation } from '@tanstack/react-query';
import type { accountRoutes, RouteBody } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { authRoutes, type AuthArea } from '../model/area';

export type LoginInput = RouteBody<typeof accountRoutes.webLogin>;

/** POST /web/user/login or /admin/login: returns the user record and its bearer token. */
export const login = async (area: AuthArea, input: LoginInput) =>
  callRoute((await authRoutes(area)).login, { body: input });

export const useLogin = (area: AuthArea) =>
  useMutation({ mutationFn: (input: LoginInput) => login(area, input) });
