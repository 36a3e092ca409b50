import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { planKeys } from '@/lib/query-keys';

/** Spec 000 §3 plan category: id, title, description, plans[]. */
export interface PlanCategory {
  id: number;
  title: string;
  description?: string | null;
  plans?: {
    id: number;
    title: string;
    price: number | string;
    duration: string;
    description?: string | null;
  }[];
}

/** GET /web/user/home/plans: the plan categories a user can choose from. */
export const getHomePlans = () => api.get<{ data: PlanCategory[] }>('/web/user/home/plans');

export const useHomePlans = () =>
  useQuery({ queryKey: planKeys.home(), queryFn: getHomePlans, retry: false });
