import { useMutation } from '@tanstack/react-query';
import type { AccountType } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { AUTH_ROUTES, areaOf } from '../model/area';

/** POST /web/user/logout (users and funeral homes) or /admin/logout: revokes the session's token. */
export const logout = (type: AccountType) => callRoute(AUTH_ROUTES[areaOf(type)].logout);

export const useLogoutRequest = () => useMutation({ mutationFn: logout });
