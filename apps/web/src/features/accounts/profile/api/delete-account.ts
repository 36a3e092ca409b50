import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/api';
import { ACCOUNT_DATA_ROUTES, type LeavingRole } from '../model/role';

/** DELETE /web/{role}/account with the password. */
export const deleteAccount = (role: LeavingRole, password: string) =>
  callRoute(ACCOUNT_DATA_ROUTES[role].deleteAccount, { body: { password } });

export const useDeleteAccount = (role: LeavingRole) =>
  useMutation({ mutationFn: (password: string) => deleteAccount(role, password) });
