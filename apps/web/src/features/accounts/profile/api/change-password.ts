import { useMutation } from '@tanstack/react-query';
import type { AccountType, accountRoutes, RouteBody } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { PROFILE_ROUTES } from '../model/role';

export type ChangePasswordInput = RouteBody<typeof accountRoutes.userChangePassword>;

/** POST /web/user/change-password, /web/funeral-home/change-password or /admin/change-password. */
export const changePassword = (role: AccountType, input: ChangePasswordInput) =>
  callRoute(PROFILE_ROUTES[role].changePassword, { body: input });

export const useChangePassword = (role: AccountType) =>
  useMutation({ mutationFn: (input: ChangePasswordInput) => changePassword(role, input) });
