import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { legacySettingsKeys } from '@/lib/query-keys';

/** POST /web/user/legacy/reseal: the signed-in owner seals their released final message again. */
export function useReseal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(legacyRoutes.reseal),
    // Whatever the answer, the card reads again where the message stands (and its log).
    onSettled: () => queryClient.invalidateQueries({ queryKey: legacySettingsKeys.one() }),
  });
}
