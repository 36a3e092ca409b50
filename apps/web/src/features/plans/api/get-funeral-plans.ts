import { useQuery } from '@tanstack/react-query';
import { planRoutes, type PlanSummary } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { planKeys } from '@/lib/query-keys';

export type FuneralPlan = PlanSummary;

/** GET /web/funeral-home/plan: the funeral-home plans on offer. */
export const getFuneralPlans = () => callRoute(planRoutes.funeralHomePlans);

export const useFuneralPlans = () =>
  useQuery({ queryKey: planKeys.funeralHome(), queryFn: getFuneralPlans, retry: false });
