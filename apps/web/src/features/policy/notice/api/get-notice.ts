import { policyRoutes } from '@pw/contracts';
import { policyKeys } from '@/lib/query-keys';
import { useRouteData } from '@/lib/route-data';

/**
 * GET /web/policy/notice: whether the signed-in account still has to acknowledge the version in force. Asked
 * once a visit: a version changes with a restart of the server, not between two pages.
 */
export const usePolicyNotice = () =>
  useRouteData(policyKeys.notice(), policyRoutes.notice, {}, { staleTime: 30 * 60_000 });
