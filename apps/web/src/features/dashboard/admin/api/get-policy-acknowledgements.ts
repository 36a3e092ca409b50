import { useQuery } from '@tanstack/react-query';
import { policyRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { policyKeys } from '@/lib/query-keys';

/** GET /admin/policy/acknowledgements: how many of the accounts asked acknowledged the version in force. */
export const getPolicyAcknowledgements = (signal?: AbortSignal) =>
  callRoute(policyRoutes.acknowledgements, { signal });

export function usePolicyAcknowledgements() {
  return useQuery({
    queryKey: policyKeys.acknowledgements(),
    queryFn: ({ signal }) => getPolicyAcknowledgements(signal).then((body) => body.data),
  });
}
