import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deliveryRoutes, type heldDeliveryDecisions } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

export type HeldDeliveryDecision = (typeof heldDeliveryDecisions)[number];

/**
 * POST /web/user/video/{id}/delivery/decide: the owner sends now or cancels a delivery that came back
 * over a day late after a reactivation (docs/product.md §5.6). The folder lists are refreshed whatever the
 * answer, also on a refusal: a 404 means the delivery was answered elsewhere (another tab), and the
 * refreshed list shows where it now stands.
 */
export function useDecideHeldDelivery(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: HeldDeliveryDecision) =>
      callRoute(deliveryRoutes.decideHeld, { params: { id }, body: { decision } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
