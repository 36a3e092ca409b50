import type { PlanKind } from '@pw/contracts';
import { useZonedListPage, type ListParams } from '@/lib/list-query';
import { adminPlanKeys } from '@/lib/query-keys';
import { planCalls } from '../model/plan-areas';

/** GET /admin/subscription/{kind}{query}: page, per_page, search, status, from_date/to_date (modified). */
export const useAdminPlans = (kind: PlanKind, params: ListParams) =>
  useZonedListPage(adminPlanKeys.list(kind, params), planCalls(kind).list, params);
