import { useMutation } from '@tanstack/react-query';
import type { AccountType } from '@pw/contracts';
import { api } from '@/lib/api';

/** POST /web/user/logout (users and funeral homes) or /admin/logout: revokes the session's token. */
export const logout = (type: AccountType) =>
  api.post<{ message?: string }>(type === 'admin' ? '/admin/logout' : '/web/user/logout');

export const useLogoutRequest = () => useMutation({ mutationFn: logout });
