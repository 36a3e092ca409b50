import { policyRoutes } from '@pw/contracts';
import { policyKeys } from '@/lib/query-keys';
import { useRouteData } from '@/lib/route-data';

/** GET /web/policy: the version in force and its date, from the server's configuration. */
export const usePolicyVersion = () =>
  useRouteData(policyKeys.current(), policyRoutes.current, {}, { staleTime: 30 * 60_000 });
