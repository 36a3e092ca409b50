import { useQuery } from '@tanstack/react-query';
import type { Account, AccountType } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { session } from '@/lib/session';
import { profileKeys } from '@/lib/query-keys';
import { PROFILE_ROUTES } from '../model/role';

/** Keeps the stored session record (header name and photo) in step with the server's. */
export function syncSession(account: Account) {
  const current = session.user();
  if (current && current.id === account.id) session.update({ ...current, ...account });
}

/** GET /web/user/profile, /web/funeral-home/profile or /admin/profile. */
export async function getProfile(role: AccountType): Promise<Account> {
  const response = await callRoute(PROFILE_ROUTES[role].profile);
  syncSession(response.data);
  return response.data;
}

export const useProfile = (role: AccountType) =>
  useQuery({ queryKey: profileKeys.one(role), queryFn: () => getProfile(role) });
