import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { legacySettingsKeys } from '@/lib/query-keys';

/** POST /web/user/legacy/cancel: the signed-in owner cancels the open report. */
export const cancelLegacyReport = () => callRoute(legacyRoutes.cancelReport);

export function useCancelLegacyReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelLegacyReport,
    onSuccess: (response) => queryClient.setQueryData(legacySettingsKeys.one(), response.data),
    // A report that ended meanwhile (404): read again what stands now.
    onError: () => queryClient.invalidateQueries({ queryKey: legacySettingsKeys.one() }),
  });
}
