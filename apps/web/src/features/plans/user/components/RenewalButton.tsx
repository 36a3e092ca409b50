import type { ActiveSubscription } from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { errorMessage } from '@/lib/api';
import { formatDay } from '@/lib/dates';
import { CANCEL_QUESTION, priceLabel } from '@/lib/plan-labels';
import { useCancelRenewal, useResumeRenewal } from '../api/renewal';

/**
 * A running plan's renewal switch (docs/product.md §7.4): 'Cancel Subscription' asks first, like a funeral
 * home's, and keeps the plan until its end; a cancelled plan offers to renew again before that day,
 * naming what will be charged. A life-time plan has neither.
 */
export function RenewalButton({ plan }: { plan: ActiveSubscription }) {
  const dialog = useDialog();
  const cancel = useCancelRenewal();
  const resume = useResumeRenewal();
  if (!plan.expiry_date) return null;
  const end = formatDay(plan.expiry_date);
  const busy = cancel.isPending || resume.isPending;

  const change = async (renewing: boolean) => {
    const answer = await dialog(
      renewing
        ? {
            variant: 'question',
            title: 'Turn renewal back on?',
            text: `${plan.title} will renew on ${end}: ${priceLabel(plan.price)} will be charged to the card that paid for it.`,
          }
        : { variant: 'question', title: 'Cancel Subscription?', text: CANCEL_QUESTION },
    );
    if (!answer.confirmed) return;
    try {
      const result = await (renewing ? resume : cancel).mutateAsync(plan.id);
      const text = renewing
        ? `${plan.title} renews on ${end}.`
        : `${plan.title} stays yours until ${end} and will not be charged again.`;
      await dialog({ variant: 'success', title: result.message, text });
    } catch (error) {
      await dialog({ variant: 'unsuccessful', title: 'Unsuccessful', text: errorMessage(error) });
    }
  };

  const renewing = plan.status === 'active' && plan.auto_renew;
  return (
    <button
      type="button"
      className={`btn btn-sm ms-sm-2 mt-2 mt-sm-0 ${renewing ? 'btn-outline-danger' : 'btn-outline-primary'}`}
      disabled={busy}
      aria-label={renewing ? `Cancel Subscription: ${plan.title}` : `Turn renewal back on: ${plan.title}`}
      onClick={() => void change(!renewing)}
    >
      {renewing ? 'Cancel Subscription' : 'Turn renewal back on'}
    </button>
  );
}
