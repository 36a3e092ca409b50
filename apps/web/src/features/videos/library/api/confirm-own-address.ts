import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deliveryAddressRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

/**
 * POST /web/user/video/{id}/delivery/address/confirm: the signed-in owner's 'Still right' on the yearly
 * address check (docs/product.md §5.9). Idempotent. The folder lists are refreshed whatever
 * the answer: a 404 means the address was changed or the delivery sent meanwhile, as the list then shows.
 */
export function useConfirmOwnAddress(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(deliveryAddressRoutes.confirmOwn, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
