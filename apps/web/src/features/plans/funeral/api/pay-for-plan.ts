import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentRoutes } from '@pw/contracts';
import type { PaymentCardValues } from '@/components/payment';
import { callRoute } from '@/lib/api';
import { funeralSubscriptionKeys, profileKeys } from '@/lib/query-keys';

/**
 * POST /web/funeral-home/plan/{id}/payment: pays for a plan and starts it; a running funeral-home plan
 * expires at once (docs/product.md §13.5 renew). The Idempotency-Key comes from the caller (one per attempt).
 */
export const payForPlan = (planId: number, card: PaymentCardValues, headers: Record<string, string>) =>
  callRoute(paymentRoutes.funeralHomePlanPayment, { params: { id: planId }, body: card, headers });

export function usePayForPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      planId,
      card,
      headers,
    }: {
      planId: number;
      card: PaymentCardValues;
      headers: Record<string, string>;
    }) => payForPlan(planId, card, headers),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.one('funeral-home') }),
        queryClient.invalidateQueries({ queryKey: funeralSubscriptionKeys.history() }),
      ]),
  });
}
