import { useMutation, useQueryClient } from '@tanstack/react-query';
import { policyRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { policyKeys } from '@/lib/query-keys';

/** POST /web/policy/acknowledge: the version the notice showed (the server refuses any other). */
export const acknowledgePolicy = (version: string) =>
  callRoute(policyRoutes.acknowledge, { body: { version } });

export function useAcknowledgePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgePolicy,
    onSuccess: (response) => queryClient.setQueryData(policyKeys.notice(), response.data),
    // A version changed meanwhile (422): read again what stands now.
    onError: () => queryClient.invalidateQueries({ queryKey: policyKeys.notice() }),
  });
}
