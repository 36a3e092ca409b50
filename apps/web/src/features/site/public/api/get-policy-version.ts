import { useQuery } from '@tanstack/react-query';
import { policyRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { policyKeys } from '@/lib/query-keys';

/** GET /web/policy: the version in force and its date, from the server's configuration. */
export const getPolicyVersion = (signal?: AbortSignal) => callRoute(policyRoutes.current, { signal });

export function usePolicyVersion() {
  return useQuery({
    queryKey: policyKeys.current(),
    queryFn: ({ signal }) => getPolicyVersion(signal).then((body) => body.data),
    staleTime: 30 * 60_000,
  });
}
