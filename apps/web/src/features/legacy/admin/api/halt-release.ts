import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminLegacyKeys } from '@/lib/query-keys';

/** POST /admin/legacy/{id}/halt with `{ reason }`: only a waiting report can be halted (404 otherwise). */
export const haltRelease = (id: number, reason: string) =>
  callRoute(legacyRoutes.adminHalt, { params: { id }, body: { reason } });

/** After a halt, or a refusal (someone else ended the report meanwhile), the list is read again. */
export function useHaltRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => haltRelease(id, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminLegacyKeys.all }),
  });
}
