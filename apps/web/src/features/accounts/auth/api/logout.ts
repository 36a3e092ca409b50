import { useMutation } from '@tanstack/react-query';
import type { AccountType } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { authRoutes, areaOf } from '../model/area';

/** POST /web/user/logout (users and funeral homes) or /admin/logout: revokes the session's token. */
export const logout = async (type: AccountType) => callRoute((await authRoutes(areaOf(type))).logout);

export const useLogoutRequest = () => useMutation({ mutationFn: logout });
