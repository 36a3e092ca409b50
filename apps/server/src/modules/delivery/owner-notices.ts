import { createKickedBatches } from './kicked-batches';
import type { FastifyBaseLogger } from 'fastify';
import { notificationKinds } from '@pw/contracts';
import type { Db } from '../../platform/db';
import type { NotifyInput } from '../notifications';
import type { DeliveryRow } from './delivery.schema';
import type { DeliveryRepo, OwnerNoticeTaken } from './delivery.repo';
import type { OwnerNotifier } from './delivery.context';

/** What the owner is told (in the app and by e-mail) about how a delivery ended. */
/** Where a delivery's notice takes its owner: the scheduled folder, opened at that video. */
export const scheduledVideoLink = (videoId: number) => `/user/profile/scheduled?video=${videoId}`;

export function ownerNotice(
  outcome: 'sent' | 'failed',
  delivery: Pick<DeliveryRow, 'id' | 'recipientEmail' | 'lastError'>,
  video: { id: number; title: string },
): NotifyInput {
  const data = {
    video_id: video.id,
    delivery_id: delivery.id,
    recipient_email: delivery.recipientEmail,
    link: scheduledVideoLink(video.id),
  };
  if (outcome === 'sent') {
    return {
      kind: notificationKinds.deliverySent,
      title: 'Your video was delivered',
      body: `"${video.title}" was delivered to ${delivery.recipientEmail}.`,
      data,
      email: true,
    };
  }
  return {
    kind: notificationKinds.deliveryFailed,
    title: 'Your video could not be delivered',
    body: `"${video.title}" could not be delivered to ${delivery.recipientEmail}. ${delivery.lastError ?? ''}`.trim(),
    data: { ...data, reason: delivery.lastError },
    email: true,
  };
}

/** The notifications (and e-mails) telling owners how these deliveries ended, in `tx`. */
async function tellOwners(notifications: OwnerNotifier, tx: Db, taken: OwnerNoticeTaken[]) {
  await notifications.notifyMany(
    taken.map(({ delivery, video }) => ({
      target: delivery.ownerId,
      input: ownerNotice(delivery.status === 'sent' ? 'sent' : 'failed', delivery, video),
    })),
    tx,
  );
}

export interface OwnerNoticeDeps {
  db: Db;
  repo: DeliveryRepo;
  notifications: OwnerNotifier;
  logger: FastifyBaseLogger;
}

/**
 * Tells the owner how the delivery ended if nobody did yet (the notice is taken in the notification's
 * transaction): for a job that finds its delivery finished without the notice (the sweeper's).
 */
export async function notifyOwner(
  deps: Omit<OwnerNoticeDeps, 'logger'>,
  deliveryId: number,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const taken = await deps.repo.takeOwnerNotices({ id: deliveryId, limit: 1 }, tx);
    await tellOwners(deps.notifications, tx, taken);
    return taken.length > 0;
  });
}

/**
 * Tells owners how their deliveries ended, many at once: each run takes (in one transaction) up to
 * `limit` finished deliveries without their owner's notice and creates the notifications and their
 * e-mail jobs together. `kick()` after recording an outcome: a run starts `delayMs` later, and takes
 * everything recorded by then, so a burst is told in a few transactions rather than one per delivery
 * (docs/decisions/0073-delivery-burst-throughput.md); the owner learns of a delivery a moment after it.
 * Several workers may run this at once (SKIP LOCKED); each delivery's notice is created once.
 */
export function createOwnerNoticeBatcher(
  deps: OwnerNoticeDeps,
  options: { delayMs?: number; limit?: number } = {},
) {
  const { delayMs = 250, limit = 500 } = options;
  return createKickedBatches({
    runBatch: () =>
      deps.db.transaction(async (tx) => {
        const taken = await deps.repo.takeOwnerNotices({ limit }, tx);
        await tellOwners(deps.notifications, tx, taken);
        return taken.length;
      }),
    limit,
    delayMs,
    // The sweeper finds what was not told (owner_notified_at stays null).
    onError: (error) => deps.logger.error({ err: error }, 'telling owners about their deliveries failed'),
  });
}

export type OwnerNoticeBatcher = ReturnType<typeof createOwnerNoticeBatcher>;
