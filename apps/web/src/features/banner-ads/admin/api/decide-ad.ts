import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bannerAdRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminBannerAdKeys } from '@/lib/query-keys';

export type Decision = { status: 1 } | { status: 2; rejection_reason: string };

/** POST /admin/banner-ads/{id}/update-status: `{status: 1}` approves, `{status: 2, rejection_reason}` rejects. */
export const decideAd = (id: number, decision: Decision) =>
  callRoute(bannerAdRoutes.updateStatus, { params: { id }, body: decision });

/** After a decision the request's page and both logs are read again (docs/product.md §13.5: details refresh). */
export function useDecideAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: Decision }) => decideAd(id, decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBannerAdKeys.all }),
  });
}
