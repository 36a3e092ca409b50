import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { planKeys } from '@/lib/query-keys';
import type { PlanCategory } from './get-home-plans';

export type FuneralPlan = NonNullable<PlanCategory['plans']>[number];

/** GET /web/funeral-home/plan: the funeral-home plans on offer. */
export const getFuneralPlans = () => api.get<{ data: FuneralPlan[] }>('/web/funeral-home/plan');

export const useFuneralPlans = () =>
  useQuery({ queryKey: planKeys.funeralHome(), queryFn: getFuneralPlans, retry: false });
