import { useDialog } from '@/components/dialog/DialogProvider';
import { Icon } from '@/components/Icon';
import { errorMessage } from '@/lib/api';
import type { Video } from '@pw/contracts';
import { useDecideHeldDelivery, type HeldDeliveryDecision } from '../api/decide-held';
import { formatWhen } from '@/lib/dates';
import { focusAfterDialog } from '@/components/dialog/focus-after-dialog';
import exclamationIcon from 'bootstrap-icons/icons/exclamation-triangle.svg?raw';
import sendIcon from 'bootstrap-icons/icons/send.svg?raw';
import xCircleIcon from 'bootstrap-icons/icons/x-circle.svg?raw';

/**
 * The question each answer asks first (docs/product.md §5.6): what happens, to whom, in the app's dialog. A
 * yearly delivery's cancel skips that year only (docs/product.md §5.7).
 */
function confirmation(decision: HeldDeliveryDecision, recipient: string, yearly: boolean) {
  if (decision === 'cancel' && yearly)
    return {
      title: "Cancel this year's delivery?",
      text: `This year's message will NOT be sent to ${recipient}. The yearly delivery goes on: the next one is sent as scheduled.`,
      confirmText: 'Cancel delivery',
      cancelText: 'Keep it',
    };
  return decision === 'send'
    ? {
        title: 'Send it now?',
        text: `It will be e-mailed to ${recipient} now.`,
        confirmText: 'Send now',
        cancelText: 'Not now',
      }
    : {
        title: 'Cancel the delivery?',
        text: `This video will NOT be sent to ${recipient}. It stays in the scheduled folder, where Change time can schedule it again.`,
        confirmText: 'Cancel delivery',
        cancelText: 'Keep it',
      };
}

const FAILED: Record<HeldDeliveryDecision, string> = {
  send: 'The video could not be sent. Please try again.',
  cancel: 'The delivery could not be cancelled. Please try again.',
};

/**
 * A scheduled delivery whose moment passed over a day ago while the account was deactivated: nothing was
 * sent, and the owner says whether it goes now or not at all (docs/product.md §5.6). Shown only while
 * the delivery is `awaiting_owner`; the refreshed list takes it away once answered.
 */
export function HeldDeliveryPanel({ video, disabled }: { video: Video; disabled: boolean }) {
  const dialog = useDialog();
  const decide = useDecideHeldDelivery(video.id);
  const delivery = video.delivery;
  if (!delivery) return null;

  const answer = async (decision: HeldDeliveryDecision) => {
    const { confirmed } = await dialog({
      variant: 'question',
      ...confirmation(decision, delivery.recipient_email, delivery.repeat === 'yearly'),
    });
    if (!confirmed) return;
    try {
      const response = await decide.mutateAsync(decision);
      // The panel leaves with the answer: focus goes to the video's title, not to a vanished button.
      void dialog({ variant: 'success', title: response.message }).then(() =>
        focusAfterDialog('video-title'),
      );
    } catch (error) {
      await dialog({
        variant: 'unsuccessful',
        title: 'Unsuccessful',
        text: errorMessage(error, FAILED[decision]),
      });
    }
  };

  const busy = disabled || decide.isPending;
  return (
    <section className="alert alert-warning mt-3 mb-0" aria-labelledby="held-delivery-heading">
      <h2 id="held-delivery-heading" className="h6 d-flex align-items-center gap-2">
        <Icon svg={exclamationIcon} />
        Waiting for your answer
      </h2>
      <p>
        This message was due on {formatWhen(delivery.due_at)} while your account was deactivated, so it was
        not sent to <strong className="text-break">{delivery.recipient_email}</strong>. Send it now or cancel
        it?
      </p>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={() => void answer('send')} disabled={busy}>
          <Icon svg={sendIcon} className="me-1" />
          Send now
        </button>
        <button
          type="button"
          className="btn btn-outline-danger"
          onClick={() => void answer('cancel')}
          disabled={busy}
        >
          <Icon svg={xCircleIcon} className="me-1" />
          Cancel delivery
        </button>
      </div>
    </section>
  );
}
