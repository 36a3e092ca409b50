import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '@pw/contracts';
import { api } from '@/lib/api';
import { authBase, type AuthArea } from '../model/area';

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

/** POST /web/user/login or /admin/login: returns the user record and its bearer token. */
export const login = (area: AuthArea, input: LoginInput) =>
  api.post<LoginResponse>(`${authBase(area)}/login`, { ...input });

export const useLogin = (area: AuthArea) =>
  useMutation({ mutationFn: (input: LoginInput) => login(area, input) });
