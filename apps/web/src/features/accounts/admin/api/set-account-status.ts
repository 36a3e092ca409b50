import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api';
import { adminAccountKeys, adminDashboardKeys } from '@/lib/query-keys';
import type { AccountArea } from '../model/account-areas';

/** POST /admin/user/{id}/status or /admin/funeral-home/{id}/status with { status: 1 | 0 }. */
export const setAccountStatus = (area: AccountArea, id: number, status: 0 | 1) =>
  callRoute(area.statusRoute, { params: { id: String(id) }, body: { status } });

export function useSetAccountStatus(area: AccountArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 0 | 1 }) => setAccountStatus(area, id, status),
    // docs/product.md §13.5: the list refreshes; the account's details and the dashboard's counts change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminAccountKeys.kind(area.kind) }),
        queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all }),
      ]),
  });
}
