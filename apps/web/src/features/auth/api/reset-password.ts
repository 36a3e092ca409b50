import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/api';
import { AUTH_ROUTES, type AuthArea } from '../model/area';

/** POST …/reset/password { email }: e-mails a 6-digit code (also used by Resend Code). */
export const resetPassword = (area: AuthArea, email: string) =>
  callRoute(AUTH_ROUTES[area].resetPassword, { body: { email } });

export const useResetPassword = (area: AuthArea) =>
  useMutation({ mutationFn: (email: string) => resetPassword(area, email) });
