import { useQuery } from '@tanstack/react-query';
import { planRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { planKeys } from '@/lib/query-keys';

export type { PlanCategory } from '@pw/contracts';

/** GET /web/user/home/plans: the plan categories a user can choose from. */
export const getHomePlans = () => callRoute(planRoutes.userHomePlans);

export const useHomePlans = () =>
  useQuery({ queryKey: planKeys.home(), queryFn: getHomePlans, retry: false });
