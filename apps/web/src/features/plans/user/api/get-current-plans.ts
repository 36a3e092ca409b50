import { useQuery } from '@tanstack/react-query';
import type { ActivePlan } from '@pw/contracts';
import { profileKeys } from '@/lib/query-keys';
import { refreshCurrentUser } from './pay-plan';

/**
 * GET /web/user/profile, read for the plans the person holds now (`active_plan`). It shares the profile
 * screens' cache entry (same key, same answer: the account), which a payment invalidates, so the plans
 * page names the new plan as soon as it is bought.
 */
export const useCurrentPlans = () =>
  useQuery({
    queryKey: profileKeys.one('user'),
    queryFn: refreshCurrentUser,
    retry: false,
    select: (account): ActivePlan => account.active_plan,
  });
