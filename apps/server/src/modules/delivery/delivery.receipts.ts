import { and, eq, isNull, sql } from 'drizzle-orm';
import { longDateTimeIn, notificationKinds, RECEIPT_MESSAGES } from '@pw/contracts';
import type { Db } from '../../platform/db';
import type { NotifyInput } from '../notifications';
import type { OwnerNotifier } from './delivery.context';
import { scheduledDeliveries as d } from './delivery.schema';
import { scheduledVideoLink } from './owner-notices';

/**
 * Read receipts (docs/product.md §5.8, decision 0361): every answered watch call of a delivery's link
 * counts one open; the first also records `opened_at` and, while the delivery's `receipts` is on,
 * tells the owner in the app, in the same transaction.
 */

/** "12 March 2027 at 09:14" on the clock of the owner's zone; a delivery without a zone says UTC. */
export const openedAtText = (instant: Date, timeZone: string | null): string =>
  `${longDateTimeIn(instant, timeZone ?? 'UTC')}${timeZone ? '' : ' UTC'}`;

/** What the owner reads in the bell; the link opens the video in the scheduled folder. */
export function openedNotice(
  delivery: {
    id: number;
    videoId: number;
    recipientEmail: string;
    openedAt: Date;
    timezone: string | null;
  },
  title: string,
): NotifyInput {
  return {
    kind: notificationKinds.deliveryOpened,
    title: RECEIPT_MESSAGES.noticeTitle,
    // The schedule names no person: the recipient is their address.
    body: `${delivery.recipientEmail} opened your message "${title}" on ${openedAtText(delivery.openedAt, delivery.timezone)}.`,
    data: {
      video_id: delivery.videoId,
      delivery_id: delivery.id,
      recipient_email: delivery.recipientEmail,
      opened_at: delivery.openedAt.toISOString(),
      link: scheduledVideoLink(delivery.videoId),
    },
    // In the app only (decision 0361): nothing the owner must act on.
    email: false,
  };
}

/**
 * The recipient opened the watch link of the delivery with this token hash. The first-open claim is one
 * UPDATE … WHERE opened_at IS NULL RETURNING: of two opens at once, the second waits for the first's
 * row lock, finds opened_at set and only counts. The notice is written in the claim's transaction, so
 * it exists exactly when the claim committed: one per occurrence, never lost, never twice.
 */
export async function recordOpen(
  deps: { db: Db; notifications: Pick<OwnerNotifier, 'notify'> },
  tokenHash: string,
  title: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [first] = await tx
      .update(d)
      .set({ openedAt: sql`now()`, openCount: sql`${d.openCount} + 1` })
      .where(and(eq(d.tokenHash, tokenHash), isNull(d.openedAt)))
      .returning({
        id: d.id,
        ownerId: d.ownerId,
        videoId: d.videoId,
        recipientEmail: d.recipientEmail,
        openedAt: d.openedAt,
        timezone: d.timezone,
        receipts: d.receipts,
      });
    if (!first) {
      await tx
        .update(d)
        .set({ openCount: sql`${d.openCount} + 1` })
        .where(eq(d.tokenHash, tokenHash));
      return;
    }
    if (first.receipts)
      await deps.notifications.notify(
        first.ownerId,
        openedNotice({ ...first, openedAt: first.openedAt! }, title),
        tx,
      );
  });
}
