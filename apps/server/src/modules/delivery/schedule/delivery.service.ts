import type { PgBoss } from '../../../platform/queue';
import type { Db, DbTx } from '../../../platform/db';
import type { Clock } from '../../../platform/clock';
import { notFound } from '../../../platform/errors';
import {
  HELD_DELIVERY_CANCELLED,
  HELD_DELIVERY_SENT,
  NO_HELD_DELIVERY,
  DELIVERY_MESSAGES,
  ACCOUNT_DELETED_PERSON,
} from '@pw/contracts';
import { checkDeliveryAllowance, type HoldsMembership } from './delivery.allowance';
import { grantedMediaUrl, signedMediaUrl } from '../../../platform/http/signed-url';
import { formatDuration, type VideoAccessCheck } from '../../videos';
import { captionLinksOf } from '../../captions';
import { scheduleFrom, type ScheduleInput } from './delivery.schedule';
import { deliveryJson } from './delivery.view';
import type { DeliveryRepo } from '../delivery.repo';
import { enqueueSend } from '../delivery.queue';
import { hashWatchToken, newMessageId, watchToken } from '../delivery.tokens';
import type { OwnerNotifier } from '../delivery.context';
import { AWAITING_OWNER_REASON, awaitingOwnerNotice } from './held-notices';
import { isActiveAccount } from '../../accounts';
import { withHistory } from './delivery.history';
import { recordOpen, type OpenGate } from '../receipts';
import { rollOverSkipped } from '../repeat';

/**
 * Scheduled delivery: the real DeliveryScheduler the video service calls, plus what other modules need
 * (watch page, delivery status for the video API, resuming after an account is activated again).
 */
export interface DeliveryServiceDeps {
  db: Db;
  repo: DeliveryRepo;
  queue: PgBoss;
  clock: Clock;
  secret: string;
  publicUrl: string;
  /** Whether the owner holds a running membership (the payments module's answer). */
  holdsMembership: HoldsMembership;
  /** Whether a person may still see a video (`video.read` of the videos' one check): a granted link needs it. */
  videoAccess: VideoAccessCheck;
  /** Telling owners about deliveries that wait for their answer, and of a first open (read receipts). */
  notifications: Pick<OwnerNotifier, 'notify' | 'notifyMany'>;
  /** Which opens of a watch link count (delivery.receipts.ts). */
  openGate: OpenGate;
}

/** Who asks for a watch page: whether the request may count as an open (a GET), and from where. */
export interface WatchVisit {
  counts: boolean;
  client: string;
}

type WatchedVideo = NonNullable<Awaited<ReturnType<DeliveryRepo['findByTokenHash']>>>['video'];
type Person = { firstName: string; lastName: string };
const fullName = (person: Person) => `${person.firstName} ${person.lastName}`.trim();

export function createDeliveryService(deps: DeliveryServiceDeps) {
  const { db, repo, queue, clock, secret, publicUrl } = deps;
  const inTransaction = <T>(tx: Db | undefined, work: (tx: Db) => Promise<T>): Promise<T> =>
    tx ? work(tx) : db.transaction((own) => work(own));

  function watchView(
    video: WatchedVideo,
    owner: Person,
    senderName: string,
    deliveredAt: Date | null,
    receipt: boolean,
    granted = false,
    note: string | null = null,
  ) {
    const now = clock.now();
    // A granted link's media live minutes: its grant may be revoked (signed-url.ts).
    const sign = (key: string) =>
      granted ? grantedMediaUrl(secret, key, now) : signedMediaUrl(secret, key, now);
    return {
      title: video.title,
      description: video.description,
      creator: { first_name: owner.firstName, last_name: owner.lastName },
      sender_name: senderName,
      created_at: video.createdAt.toISOString(),
      delivered_at: deliveredAt ? deliveredAt.toISOString() : null,
      video_link: video.mediaKey ? sign(video.mediaKey) : null,
      video_thumbnail: video.thumbnailKey ? sign(video.thumbnailKey) : null,
      // This video's tracks only, signed as its file: a link opens its own captions and no other's.
      captions: video.mediaKey ? captionLinksOf(video.captions, sign) : [],
      duration: formatDuration(video.durationMs),
      receipt,
      // Only a delivery's recipient reads it: a shared link (granted) passes none.
      ...(note ? { note } : {}),
    };
  }

  const scheduler = {
    /** The schedule a body asks for, or the form's 422 (delivery.schedule.ts). */
    read: scheduleFrom,

    /**
     * Cancels the video's live delivery, inserts the new one and enqueues its job, all in one transaction:
     * the job exists if and only if the row does. Only the newest schedule of a video can ever send.
     */
    async schedule(input: ScheduleInput, tx?: DbTx) {
      const { videoId, ownerId, dueAt, timezone, localAt, repeat } = input;
      await inTransaction(tx, async (t) => {
        await repo.cancelLive(videoId, t);
        await checkDeliveryAllowance({ repo, holdsMembership: deps.holdsMembership }, ownerId, t);
        const messageId = newMessageId(publicUrl);
        const row = await repo.insertDelivery(
          {
            // The schedule as read (delivery.schedule.ts); a part left out takes its column's default.
            ...input,
            recipientEmail: input.recipientEmail.trim(),
            fallbackEmail: input.fallbackEmail?.trim() || null,
            messageId,
            tokenHash: hashWatchToken(watchToken(secret, messageId)),
            // A yearly delivery repeats the owner's wall clock in their zone (delivery.repeat.ts).
            repeat: repeat === 'yearly' && timezone && localAt ? 'yearly' : 'none',
            repeatUntil: repeat === 'yearly' ? (input.repeatUntil ?? null) : null,
          },
          t,
        );
        await enqueueSend(queue, row.id, dueAt, t);
      });
    },

    /** Marks the live delivery cancelled; its queued job finds it so and sends nothing. */
    async cancel(videoId: number, tx?: DbTx) {
      await repo.cancelLive(videoId, tx);
    },
  };

  return {
    ...scheduler,

    /**
     * For the accounts module, when an account is activated again (in its transaction): the deliveries
     * held while it was deactivated become due now (or at their own time, if still ahead); those whose
     * moment passed more than a day ago wait for the owner's answer instead, and the owner is told
     * (docs/product.md §5.6).
     */
    async resumeForOwner(ownerId: number, tx?: Db): Promise<{ resumed: number; awaiting: number }> {
      return inTransaction(tx, async (t) => {
        const awaiting = await repo.makeOwnerOverdueAwaiting(ownerId, AWAITING_OWNER_REASON, t);
        const rows = await repo.makeOwnerPendingDueNow(ownerId, t);
        for (const row of rows) await enqueueSend(queue, row.id, row.nextAttemptAt, t);
        if (awaiting.length) {
          const titles = await repo.videoTitles(
            awaiting.map((row) => row.videoId),
            t,
          );
          await deps.notifications.notifyMany(
            awaiting.map((row) => ({
              target: ownerId,
              input: awaitingOwnerNotice(row, titles.get(row.videoId) ?? 'Your video'),
            })),
            t,
          );
        }
        return { resumed: rows.length, awaiting: awaiting.length };
      });
    },

    /**
     * The owner's answer to their video's delivery awaiting it: send it now, or cancel it (a yearly
     * delivery's occurrence: that year only, docs/product.md §5.7).
     */
    async decideHeld(ownerId: number, videoId: number, decision: 'send' | 'cancel') {
      return db.transaction(async (t) => {
        const row = await repo.answerAwaiting(videoId, ownerId, decision, t);
        if (!row) throw notFound(NO_HELD_DELIVERY);
        if (decision === 'send') await enqueueSend(queue, row.id, row.nextAttemptAt, t);
        // A yearly delivery's cancelled occurrence skips that year only: the next one is created now.
        else await rollOverSkipped({ queue, secret, publicUrl }, row.id, t);
        return {
          message: decision === 'send' ? HELD_DELIVERY_SENT : HELD_DELIVERY_CANCELLED,
          data: {
            video_id: videoId,
            status: decision === 'send' ? ('pending' as const) : ('cancelled' as const),
          },
        };
      });
    },

    /**
     * Delivery state per video, for the video API's `delivery` field (see repo.deliveryStatusFor), with
     * the occurrence still to come and the finished ones (delivery.history.ts).
     */
    statusFor: (videoIds: number[]) => withHistory(db, repo, videoIds),

    /** The same as the video API shows it (the `delivery` field). */
    async deliveryJsonFor(videoIds: number[]) {
      const found = await withHistory(db, repo, videoIds);
      return new Map([...found].map(([videoId, status]) => [videoId, deliveryJson(status)]));
    },

    /**
     * The watch page (no account), for a scheduled delivery's link: works while the delivery is not
     * cancelled or failed, the video exists and its owner is active; for a granted link
     * (docs/product.md §6.7): while the video exists, its owner is active and the person who granted it may
     * still see it. Otherwise 404 "This message is no longer available."
     */
    async watch(token: string, visit: WatchVisit) {
      if (token.length < 20 || token.length > 100) throw notFound(DELIVERY_MESSAGES.noLongerAvailable);
      const hash = hashWatchToken(token);
      const found = await repo.findByTokenHash(hash);
      if (found) {
        const { delivery } = found;
        if (!['pending', 'sending', 'sent'].includes(delivery.status) || !isActiveAccount(found.owner))
          throw notFound(DELIVERY_MESSAGES.noLongerAvailable);
        // Counted whether or not the owner is told (docs/product.md §5.8); a HEAD reads, it opens nothing.
        if (visit.counts)
          await recordOpen(
            { db, notifications: deps.notifications, openGate: deps.openGate },
            hash,
            found.video.title,
            visit.client,
          );
        return watchView(
          found.video,
          found.owner,
          fullName(found.owner),
          delivery.sentAt,
          delivery.receipts,
          false,
          delivery.note,
        );
      }
      const granted = await repo.findGrantByTokenHash(hash);
      if (
        !granted ||
        !isActiveAccount(granted.owner) ||
        !(await deps.videoAccess.grantHolds(granted.grantedBy, granted.video.id))
      )
        throw notFound(DELIVERY_MESSAGES.noLongerAvailable);
      // A granted link (docs/product.md §6.7) is no delivery: it has no receipts.
      // Its granter's account deleted since: the link still opens, its sender unnamed.
      const sender = granted.granter ? fullName(granted.granter) : ACCOUNT_DELETED_PERSON;
      return watchView(granted.video, granted.owner, sender, granted.sentAt, false, true);
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
