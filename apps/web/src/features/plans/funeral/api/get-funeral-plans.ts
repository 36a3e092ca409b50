import { useQuery } from '@tanstack/react-query';
import { planRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { planKeys } from '@/lib/query-keys';

/** GET /web/funeral-home/plan: the funeral-home plans on offer (active ones only). */
export const getFuneralPlans = () => callRoute(planRoutes.funeralHomePlans);

export const useFuneralPlans = () =>
  useQuery({ queryKey: planKeys.funeralHome(), queryFn: getFuneralPlans, retry: false });
