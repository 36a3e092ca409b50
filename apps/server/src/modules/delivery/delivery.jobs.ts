import type { Job } from 'pg-boss';
import type { AppDeps } from '../../platform/deps';
import { classifyMailError } from '../../platform/mail/mail-errors';
import { waitUntilIdle } from '../../platform/jobs';
import { notificationKinds } from '@pw/contracts';
import * as repo from './delivery.repo';
import {
  DELIVERY_SEND_QUEUE,
  enqueueSend,
  ensureDeliveryQueue,
  type DeliverySendJob,
} from './delivery.queue';
import { deliveryEmail } from './delivery.mail';
import { watchToken } from './delivery.tokens';
import { acquireLiveness, type Liveness } from './liveness';

export interface DeliveryWorkerOptions {
  /** First retry after a temporary SMTP failure; doubles each attempt (with jitter), capped at 1 h. */
  retryBaseSeconds: number;
  /** Attempts (claims) before a temporarily failing delivery is marked failed. */
  maxAttempts: number;
  /** How often a delivery waiting for its video to finish processing looks again. */
  processingRecheckSeconds: number;
  /** How often a delivery held for a deactivated owner looks again (via the sweeper; activation resumes it at once). */
  holdRecheckSeconds: number;
  /** The sweeper re-enqueues rows whose job was lost (crash) this often... */
  sweepIntervalSeconds: number;
  /** ...once they are this much overdue. */
  sweepGraceSeconds: number;
  /** pg-boss polling (its minimum is 0.5 s): bounds the lateness of an idle delivery. */
  pollingIntervalSeconds: number;
  /** Jobs fetched per poll, processed concurrently... */
  batchSize: number;
  /** ...by this many independent fetch loops (so one slow SMTP exchange does not hold up the rest). */
  loops: number;
}

export const defaultDeliveryWorkerOptions: DeliveryWorkerOptions = {
  retryBaseSeconds: 30,
  maxAttempts: 8,
  processingRecheckSeconds: 30,
  holdRecheckSeconds: 3600,
  sweepIntervalSeconds: 15,
  sweepGraceSeconds: 10,
  pollingIntervalSeconds: 0.5,
  batchSize: 25,
  loops: 2,
};

export type DeliveryOutcome =
  | 'gone'
  | 'finished'
  | 'notified'
  | 'early'
  | 'held'
  | 'waiting'
  | 'cancelled'
  | 'failed'
  | 'taken'
  | 'sent'
  | 'retry';

type WorkerDeps = Pick<AppDeps, 'db' | 'queue' | 'mailer' | 'notifications' | 'logger' | 'config' | 'secret'>;

export interface WorkerContext {
  deps: WorkerDeps;
  liveness: Pick<Liveness, 'id' | 'alive'>;
  options: DeliveryWorkerOptions;
}

function backoffSeconds(attempt: number, options: DeliveryWorkerOptions): number {
  const base = options.retryBaseSeconds * 2 ** Math.max(0, attempt - 1);
  return Math.min(3600, Math.round(base * (1 + Math.random() * 0.25)));
}

/** Tells the owner how the delivery ended, once (the notice is taken in the notification's transaction). */
async function notifyOwner(deps: WorkerDeps, deliveryId: number): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const taken = await repo.takeOwnerNotice(tx, deliveryId);
    if (!taken) return false;
    const { delivery, video } = taken;
    const data = {
      video_id: video.id,
      delivery_id: delivery.id,
      recipient_email: delivery.recipientEmail,
      link: `/user/profile/scheduled?video=${video.id}`,
    };
    if (delivery.status === 'sent') {
      await deps.notifications.notify(
        delivery.ownerId,
        {
          kind: notificationKinds.deliverySent,
          title: 'Your video was delivered',
          body: `"${video.title}" was delivered to ${delivery.recipientEmail}.`,
          data,
          email: true,
        },
        tx,
      );
    } else {
      await deps.notifications.notify(
        delivery.ownerId,
        {
          kind: notificationKinds.deliveryFailed,
          title: 'Your video could not be delivered',
          body: `"${video.title}" could not be delivered to ${delivery.recipientEmail}. ${delivery.lastError ?? ''}`.trim(),
          data: { ...data, reason: delivery.lastError },
          email: true,
        },
        tx,
      );
    }
    return true;
  });
}

/**
 * One run of a `delivery.send` job: re-reads the row and does whatever is due — nothing (gone, finished,
 * someone else's), wait (not yet due, video processing, owner deactivated), cancel (video left the
 * scheduled folder), or claim → SMTP → mark sent. Safe to run any number of times, anywhere, at once:
 * docs/decisions/0040-exactly-once-delivery.md.
 */
export async function processDelivery(ctx: WorkerContext, deliveryId: number): Promise<DeliveryOutcome> {
  const { deps, liveness, options } = ctx;
  const found = await repo.loadForSend(deps.db, deliveryId);
  if (!found) return 'gone';
  const { delivery, video, owner, dbNow } = found;

  if (delivery.status === 'sent' || delivery.status === 'failed') {
    return (await notifyOwner(deps, deliveryId)) ? 'notified' : 'finished';
  }
  if (delivery.status === 'cancelled') return 'finished';
  if (delivery.status === 'pending' && delivery.nextAttemptAt > dbNow) {
    // Early (a sweeper's or duplicate job): come back at the right time.
    await enqueueSend(deps.queue, deliveryId, delivery.nextAttemptAt);
    return 'early';
  }
  // `sending` here is someone else's claim: the conditional updates below only touch it if that worker died.
  if (!liveness.alive) throw new Error('delivery worker has no liveness lock; retrying later');

  if (owner.status !== 1) {
    // No job is queued for the recheck: the sweeper finds the row when it is due again, and activation
    // (resumeForOwner) enqueues one at once, which a queued job for the same key would block.
    const held = await repo.postpone(
      deps.db,
      deliveryId,
      options.holdRecheckSeconds,
      'On hold: the account is deactivated. It will be sent when the account is active again.',
    );
    return held ? 'held' : 'taken';
  }
  if (video.folder !== 'scheduled') {
    const done = await repo.cancelUnclaimed(
      deps.db,
      deliveryId,
      'The video was moved out of the scheduled folder.',
    );
    return done ? 'cancelled' : 'taken';
  }
  if (video.state === 'failed' || (video.state === 'ready' && !video.mediaKey)) {
    const failed = await repo.markFailed(deps.db, deliveryId, null, 'The video could not be processed.');
    if (failed) await notifyOwner(deps, deliveryId);
    return failed ? 'failed' : 'taken';
  }
  if (video.state !== 'ready') {
    const waiting = await repo.postpone(
      deps.db,
      deliveryId,
      options.processingRecheckSeconds,
      'Waiting for the video to finish processing.',
    );
    if (waiting) await enqueueSend(deps.queue, deliveryId, waiting.nextAttemptAt);
    return waiting ? 'waiting' : 'taken';
  }

  const claimed = await repo.claim(deps.db, deliveryId, liveness.id);
  if (!claimed) return 'taken';

  const watchUrl = `${deps.config.PUBLIC_URL}/watch/${watchToken(deps.secret, claimed.messageId)}`;
  const mail = deliveryEmail({
    to: claimed.recipientEmail,
    senderName: `${owner.firstName} ${owner.lastName}`.trim(),
    title: video.title,
    description: video.description,
    watchUrl,
    messageId: claimed.messageId,
  });
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    return handleSendFailure(ctx, claimed.id, claimed.attempts, error);
  }
  // The in-doubt window is from the server's 250 to this commit: one single-row UPDATE, nothing else.
  const sent = await repo.markSent(deps.db, deliveryId, claimed.attempts);
  if (!sent) {
    deps.logger.warn(
      { deliveryId, attempt: claimed.attempts },
      'delivery accepted by the mail server but its claim was taken over meanwhile (possible duplicate)',
    );
    return 'sent';
  }
  await notifyOwner(deps, deliveryId);
  return 'sent';
}

async function handleSendFailure(
  ctx: WorkerContext,
  deliveryId: number,
  attempt: number,
  error: unknown,
): Promise<DeliveryOutcome> {
  const { deps, options } = ctx;
  const failure = classifyMailError(error);
  deps.logger.warn({ deliveryId, attempt, reason: failure.reason }, 'delivery attempt failed');
  if (failure.temporary && attempt < options.maxAttempts) {
    const delay = backoffSeconds(attempt, options);
    const released = await deps.db.transaction(async (tx) => {
      const row = await repo.releaseForRetry(tx, deliveryId, attempt, delay, failure.reason);
      if (row) await enqueueSend(deps.queue, deliveryId, row.nextAttemptAt, tx);
      return row;
    });
    return released ? 'retry' : 'taken';
  }
  const reason = failure.temporary ? `Gave up after ${attempt} attempts. ${failure.reason}` : failure.reason;
  const failed = await repo.markFailed(deps.db, deliveryId, attempt, reason);
  if (failed) await notifyOwner(deps, deliveryId);
  return failed ? 'failed' : 'taken';
}

/**
 * Runs `delivery.send` jobs (ROLE=worker|all) and a sweeper that re-enqueues rows whose job was lost.
 * Any number of these may run against one database: each message is claimed by one of them.
 */
export async function startDeliveryWorker(
  deps: AppDeps,
  overrides: Partial<DeliveryWorkerOptions> = {},
): Promise<() => Promise<void>> {
  const options = { ...defaultDeliveryWorkerOptions, ...overrides };
  await ensureDeliveryQueue(deps.queue);
  const liveness = await acquireLiveness(deps.database, deps.logger);
  const ctx: WorkerContext = { deps, liveness, options };
  let inFlight = 0;

  const handler = async (jobs: Job<DeliverySendJob>[]) => {
    inFlight += jobs.length;
    try {
      await Promise.all(
        jobs.map(async (job) => {
          try {
            const outcome = await processDelivery(ctx, job.data.deliveryId);
            deps.logger.debug({ deliveryId: job.data.deliveryId, outcome }, 'delivery job');
          } catch (error) {
            // Not an SMTP failure (those are handled above): retried by pg-boss with back-off.
            deps.logger.error({ err: error, deliveryId: job.data.deliveryId }, 'delivery job failed');
            await deps.queue
              .fail(DELIVERY_SEND_QUEUE, job.id, { message: String(error) })
              .catch(() => undefined);
          }
        }),
      );
    } finally {
      inFlight -= jobs.length;
    }
  };
  const workerIds: string[] = [];
  for (let i = 0; i < options.loops; i++) {
    workerIds.push(
      await deps.queue.work<DeliverySendJob>(
        DELIVERY_SEND_QUEUE,
        { batchSize: options.batchSize, pollingIntervalSeconds: options.pollingIntervalSeconds },
        handler,
      ),
    );
  }

  let sweeping: Promise<void> | null = null;
  const sweep = (graceSeconds: number) => {
    sweeping ??= (async () => {
      try {
        const rows = await repo.findOrphans(deps.db, graceSeconds, 500);
        const now = new Date();
        for (const row of rows) {
          const startAfter = row.nextAttemptAt > now ? row.nextAttemptAt : now;
          await enqueueSend(deps.queue, row.id, startAfter);
        }
        if (rows.length) deps.logger.info({ count: rows.length }, 'delivery sweeper re-enqueued rows');
      } catch (error) {
        deps.logger.error({ err: error }, 'delivery sweeper failed');
      } finally {
        sweeping = null;
      }
    })();
    return sweeping;
  };
  // At start, anything left by a crashed worker is picked up at once (no grace: nothing of ours is in flight).
  await sweep(0);
  const timer = setInterval(() => void sweep(options.sweepGraceSeconds), options.sweepIntervalSeconds * 1000);
  timer.unref();

  return async () => {
    clearInterval(timer);
    await Promise.all(workerIds.map((id) => deps.queue.offWork({ id })));
    await sweeping;
    // Keep the liveness lock until our SMTP exchanges are over, or another worker could claim them again.
    await waitUntilIdle(() => inFlight, 120_000);
    await liveness.release();
  };
}
