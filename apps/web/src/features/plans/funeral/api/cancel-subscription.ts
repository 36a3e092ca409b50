import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { funeralSubscriptionKeys, profileKeys } from '@/lib/query-keys';

/** POST /web/funeral-home/subscription/{id}/cancel: removes auto-renewal; the plan runs until expiry. */
export const cancelSubscription = (subscriptionId: number) =>
  callRoute(subscriptionRoutes.funeralHomeCancel, { params: { id: subscriptionId } });

/** POST /web/funeral-home/subscription/{id}/resume: a cancelled plan renews again at its end. */
export const resumeSubscription = (subscriptionId: number) =>
  callRoute(subscriptionRoutes.funeralHomeResume, { params: { id: subscriptionId } });

export const useCancelSubscription = () => useRenewalChange(cancelSubscription);
export const useResumeSubscription = () => useRenewalChange(resumeSubscription);

function useRenewalChange(change: typeof cancelSubscription) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.one('funeral-home') }),
        queryClient.invalidateQueries({ queryKey: funeralSubscriptionKeys.history() }),
      ]),
  });
}
