import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authBase, type AuthArea } from '../model/area';

/** POST …/reset/password { email }: e-mails a 6-digit code (also used by Resend Code). */
export const resetPassword = (area: AuthArea, email: string) =>
  api.post<{ message?: string }>(`${authBase(area)}/reset/password`, { email });

export const useResetPassword = (area: AuthArea) =>
  useMutation({ mutationFn: (email: string) => resetPassword(area, email) });
