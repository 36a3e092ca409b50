import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountRoutes, paymentRoutes } from '@pw/contracts';
import type { PaymentCardValues } from '@/components/payment';
import { callRoute } from '@/lib/api';
import { planKeys, profileKeys } from '@/lib/query-keys';
import { session } from '@/lib/session';

export interface PayPlanInput {
  planId: number;
  card: PaymentCardValues;
  /** The Idempotency-Key of this purchase attempt (useIdempotencyKey). */
  headers: Record<string, string>;
}

/** POST /web/user/plan/{id}/payment: pays for a membership or ad-free plan (a renewal too) and starts it. */
export const payPlan = ({ planId, card, headers }: PayPlanInput) =>
  callRoute(paymentRoutes.userPlanPayment, { params: { id: planId }, body: card, headers });

/**
 * The stored session user carries `active_plan`, which the post-login rule and the header read: after a
 * payment it is read again from the server, so the stored record and the profile query agree at once.
 */
export async function refreshCurrentUser() {
  const { data } = await callRoute(accountRoutes.userProfile);
  const current = session.user();
  if (current && current.id === data.id) session.update({ ...current, ...data });
  return data;
}

export function usePayPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payPlan,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.one('user') }),
        queryClient.invalidateQueries({ queryKey: planKeys.history() }),
        // A failure here must not turn a made payment into an error: the next login reads it anyway.
        refreshCurrentUser().catch(() => undefined),
      ]);
    },
  });
}
