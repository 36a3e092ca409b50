import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/api';
import { authRoutes, type AuthArea } from '../model/area';

/** POST …/reset/password { email }: e-mails a 6-digit code (also used by Resend Code). */
export const resetPassword = async (area: AuthArea, email: string) =>
  callRoute((await authRoutes(area)).resetPassword, { body: { email } });

export const useResetPassword = (area: AuthArea) =>
  useMutation({ mutationFn: (email: string) => resetPassword(area, email) });
