import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authBase, type AuthArea } from '../model/area';

export interface SetPasswordInput {
  email: string;
  token: string;
  password: string;
  password_confirmation: string;
}

/** POST …/set/password { email, token, password, password_confirmation }. */
export const setPassword = (area: AuthArea, input: SetPasswordInput) =>
  api.post<{ message?: string }>(`${authBase(area)}/set/password`, { ...input });

export const useSetPassword = (area: AuthArea) =>
  useMutation({ mutationFn: (input: SetPasswordInput) => setPassword(area, input) });
