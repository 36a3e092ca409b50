import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { funeralSubscriptionKeys, profileKeys } from '@/lib/query-keys';

/** POST /web/funeral-home/subscription/{id}/cancel: removes auto-renewal; the plan runs until expiry. */
export const cancelSubscription = (subscriptionId: number) =>
  callRoute(subscriptionRoutes.funeralHomeCancel, { params: { id: subscriptionId } });

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.one('funeral-home') }),
        queryClient.invalidateQueries({ queryKey: funeralSubscriptionKeys.history() }),
      ]),
  });
}
