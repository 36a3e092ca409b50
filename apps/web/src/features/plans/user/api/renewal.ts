import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { planKeys, profileKeys } from '@/lib/query-keys';
import { refreshCurrentUser } from './pay-plan';

/** POST /web/user/subscription/{id}/cancel: removes auto-renewal; the plan runs until its end. */
export const cancelRenewal = (subscriptionId: number) =>
  callRoute(subscriptionRoutes.userCancel, { params: { id: subscriptionId } });

/** POST /web/user/subscription/{id}/resume: a cancelled plan renews again at its end. */
export const resumeRenewal = (subscriptionId: number) =>
  callRoute(subscriptionRoutes.userResume, { params: { id: subscriptionId } });

/** Either change, then the plan held is read again (the plans page and the stored session user). */
function useRenewalChange(change: typeof cancelRenewal) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.one('user') }),
        queryClient.invalidateQueries({ queryKey: planKeys.history() }),
        refreshCurrentUser().catch(() => undefined),
      ]),
  });
}

export const useCancelRenewal = () => useRenewalChange(cancelRenewal);
export const useResumeRenewal = () => useRenewalChange(resumeRenewal);
