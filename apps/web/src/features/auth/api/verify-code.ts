import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authBase, type AuthArea } from '../model/area';

export interface VerifyCodeInput {
  email: string;
  token: string;
}

/** POST …/verify/code { email, token }: checks the code before the new-password step. */
export const verifyCode = (area: AuthArea, input: VerifyCodeInput) =>
  api.post<{ message?: string }>(`${authBase(area)}/verify/code`, { ...input });

export const useVerifyCode = (area: AuthArea) =>
  useMutation({ mutationFn: (input: VerifyCodeInput) => verifyCode(area, input) });
