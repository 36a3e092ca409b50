import { useQuery } from '@tanstack/react-query';
import { accountRoutes, type Account, type ActiveSubscription } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { profileKeys } from '@/lib/query-keys';
import { session } from '@/lib/session';

/**
 * GET /web/funeral-home/profile: the signed-in home's account, whose `active_plan.home_plan` is its
 * running funeral-home plan (docs/product.md §13.4). It shares the profile screens' cache entry (same key, same
 * answer: the account), so paying or cancelling here refreshes the profile too, and keeps the stored
 * session record in step as the profile screens do.
 */
export async function getFuneralHomeAccount(): Promise<Account> {
  const response = await callRoute(accountRoutes.funeralHomeProfile);
  const current = session.user();
  if (current && current.id === response.data.id) session.update({ ...current, ...response.data });
  return response.data;
}

/** The running funeral-home plan, or null without one. */
export const useCurrentHomePlan = () =>
  useQuery({
    queryKey: profileKeys.one('funeral-home'),
    queryFn: getFuneralHomeAccount,
    retry: false,
    select: (account): ActiveSubscription | null => account.active_plan?.home_plan ?? null,
  });
