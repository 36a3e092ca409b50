import { scheduledVideoLink } from '../owner-notices';
import { notificationKinds } from '@pw/contracts';
import type { NotifyInput } from '../../notifications';
// The moment as the owner's notice states it, in UTC (the notice has no time zone of its own).
import { whenText } from '../../../platform/mail/templates';

/** Why a delivery waits for its owner (shown as its `last_error` on the scheduled list). */
export const AWAITING_OWNER_REASON =
  'Its moment passed over a day ago while your account was deactivated. Send it now or cancel it.';

/**
 * Told to the owner (in the app and by e-mail) when their account is activated again and a held
 * delivery's moment passed more than a day before (docs/product.md §5.6): nothing goes out until they answer.
 */
export function awaitingOwnerNotice(
  delivery: { id: number; videoId: number; recipientEmail: string; dueAt: Date },
  title: string,
): NotifyInput {
  return {
    kind: notificationKinds.deliveryAwaitingOwner,
    title: 'A delivery is waiting for your answer',
    body:
      `"${title}" was due to reach ${delivery.recipientEmail} on ${whenText(delivery.dueAt)}, while your ` +
      'account was deactivated. Open your scheduled videos to send it now or cancel it.',
    data: {
      video_id: delivery.videoId,
      delivery_id: delivery.id,
      recipient_email: delivery.recipientEmail,
      link: scheduledVideoLink(delivery.videoId),
    },
    email: true,
  };
}
