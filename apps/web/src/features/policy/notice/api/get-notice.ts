import { useQuery } from '@tanstack/react-query';
import { policyRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { policyKeys } from '@/lib/query-keys';

/** GET /web/policy/notice: whether the signed-in account still has to acknowledge the version in force. */
export const getPolicyNotice = (signal?: AbortSignal) => callRoute(policyRoutes.notice, { signal });

export function usePolicyNotice() {
  return useQuery({
    queryKey: policyKeys.notice(),
    queryFn: ({ signal }) => getPolicyNotice(signal).then((body) => body.data),
    // Asked once a visit: a version changes with a restart of the server, not between two pages.
    staleTime: 30 * 60_000,
  });
}
