import type { Job } from 'pg-boss';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { AppDeps } from '../app-deps';
import { classifyMailError } from '../../platform/mail/mail-errors';
import { waitUntilIdle } from '../../platform/jobs';
import { notificationKinds } from '@pw/contracts';
import * as repo from './delivery.repo';
import {
  DELIVERY_SEND_QUEUE,
  enqueueSend,
  enqueueSends,
  ensureDeliveryQueue,
  type DeliverySendJob,
} from './delivery.queue';
import { deliveryEmail } from './delivery.mail';
import { watchToken } from './delivery.tokens';
import { acquireLiveness, type Liveness } from './liveness';
import { Semaphore } from '../../platform/semaphore';
import type { Db } from '../../platform/db';
import type { MailMessage } from '../../platform/mail/mailer';
import type { DeliveryRow } from './delivery.schema';
import type { NotifyInput } from '../notifications/notifications.service';

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
  /** SMTP exchanges at once per worker process. */
  sendConcurrency: number;
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
  sendConcurrency: 8,
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

export type WorkerDeps = Pick<
  AppDeps,
  'db' | 'queue' | 'mailer' | 'notifications' | 'logger' | 'config' | 'secret'
>;

export interface WorkerContext {
  deps: WorkerDeps;
  liveness: Pick<Liveness, 'id' | 'alive'>;
  options: DeliveryWorkerOptions;
  /** Bounds concurrent SMTP exchanges (and, on PostgreSQL, the mark transactions held open by them). */
  sendSlots: Semaphore;
  /** PostgreSQL: a pool of its own for the mark transactions (see sendInMarkTransaction). */
  markDb?: Db;
  /** Tells owners how their deliveries ended, in batches. */
  ownerNotices: Pick<OwnerNoticeBatcher, 'kick'>;
}

function backoffSeconds(attempt: number, options: DeliveryWorkerOptions): number {
  const base = options.retryBaseSeconds * 2 ** Math.max(0, attempt - 1);
  return Math.min(3600, Math.round(base * (1 + Math.random() * 0.25)));
}

/** What the owner is told (in the app and by e-mail) about how a delivery ended. */
function ownerNotice(
  outcome: 'sent' | 'failed',
  delivery: Pick<DeliveryRow, 'id' | 'recipientEmail' | 'lastError'>,
  video: { id: number; title: string },
): NotifyInput {
  const data = {
    video_id: video.id,
    delivery_id: delivery.id,
    recipient_email: delivery.recipientEmail,
    link: `/user/profile/scheduled?video=${video.id}`,
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
async function tellOwners(deps: Pick<WorkerDeps, 'notifications'>, tx: Db, taken: repo.OwnerNoticeTaken[]) {
  await deps.notifications.notifyMany(
    taken.map(({ delivery, video }) => ({
      target: delivery.ownerId,
      input: ownerNotice(delivery.status === 'sent' ? 'sent' : 'failed', delivery, video),
    })),
    tx,
  );
}

/**
 * Tells the owner how the delivery ended if nobody did yet (the notice is taken in the notification's
 * transaction): for a job that finds its delivery finished without the notice (the sweeper's).
 */
async function notifyOwner(deps: WorkerDeps, deliveryId: number): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const taken = await repo.takeOwnerNotices(tx, { id: deliveryId, limit: 1 });
    await tellOwners(deps, tx, taken);
    return taken.length > 0;
  });
}

/**
 * Runs `delivery.send` jobs: for each delivery does whatever its row says is due — claim → SMTP → record
 * (the usual case, first), or nothing (gone, finished, someone else's), wait (not yet due, video
 * processing, owner deactivated), cancel (video left the scheduled folder), fail (video could not be
 * processed). Safe to run any number of times, anywhere, at once:
 * docs/decisions/0040-exactly-once-delivery.md.
 *
 * The whole batch is claimed with one statement (docs/decisions/0073-delivery-burst-throughput.md); each
 * claimed delivery then waits for a send slot. Settles one result per id, in order.
 */
export async function processDeliveries(
  ctx: WorkerContext,
  deliveryIds: number[],
): Promise<PromiseSettledResult<DeliveryOutcome>[]> {
  if (!ctx.liveness.alive) throw new Error('delivery worker has no liveness lock; retrying later');
  const outcomes: Array<Promise<DeliveryOutcome>> = [];
  let claimedById: Map<number, repo.ClaimedDelivery>;
  try {
    const rows = await repo.claimReadyMany(ctx.deps.db, [...new Set(deliveryIds)], ctx.liveness.id);
    claimedById = new Map(rows.map((row) => [row.id, row]));
  } catch (error) {
    return deliveryIds.map(() => ({ status: 'rejected', reason: error }));
  }
  for (const id of deliveryIds) {
    const claimed = claimedById.get(id);
    claimedById.delete(id); // a second job for the same delivery in one batch finds it taken
    outcomes.push(
      claimed
        ? ctx.sendSlots.acquire().then((release) => sendClaimed(ctx, claimed).finally(release))
        : decideUnclaimable(ctx, id),
    );
  }
  return Promise.allSettled(outcomes);
}

/** One delivery (tests, and anything that has a single id). */
export async function processDelivery(ctx: WorkerContext, deliveryId: number): Promise<DeliveryOutcome> {
  const [result] = await processDeliveries(ctx, [deliveryId]);
  if (result!.status === 'rejected') throw result!.reason;
  return result!.value;
}

/** Why a delivery could not be claimed, and what to do about it. */
async function decideUnclaimable(ctx: WorkerContext, deliveryId: number): Promise<DeliveryOutcome> {
  const { deps, options } = ctx;
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
  // From here the updates only touch the row if it is pending or its claimant died.
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
    const failed = await deps.db.transaction(async (tx) => {
      const row = await repo.markFailed(tx, deliveryId, null, 'The video could not be processed.');
      if (row) await deps.notifications.notify(row.ownerId, ownerNotice('failed', row, video), tx);
      return row;
    });
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
  return 'taken';
}

async function sendClaimed(ctx: WorkerContext, claimed: repo.ClaimedDelivery): Promise<DeliveryOutcome> {
  const { deps } = ctx;
  const mail = deliveryEmail({
    to: claimed.recipientEmail,
    senderName: `${claimed.ownerFirstName} ${claimed.ownerLastName}`.trim(),
    title: claimed.videoTitle,
    description: claimed.videoDescription,
    watchUrl: `${deps.config.PUBLIC_URL}/watch/${watchToken(deps.secret, claimed.messageId)}`,
    messageId: claimed.messageId,
  });
  const result = ctx.markDb
    ? await sendInMarkTransaction(ctx, ctx.markDb, claimed, mail)
    : await sendThenMark(ctx, claimed, mail);
  if ('error' in result) return handleSendFailure(ctx, claimed, result.error);
  // The owner is told by the notice batcher, which takes every delivery recorded without its notice.
  if (result.sent) ctx.ownerNotices.kick();
  return result.sent ? 'sent' : 'taken';
}

type SendResult = { sent: boolean } | { error: unknown };

/**
 * PostgreSQL: the row is marked `sent` in a transaction opened before the SMTP exchange and committed
 * right after the server's 250. The in-doubt window is then one COMMIT on a connection already held; a
 * failure or a crash before the 250 rolls it back. The row lock also keeps everyone else off the row
 * meanwhile, and a cancel that landed after the claim wins (the mark finds the row cancelled: no send).
 */
async function sendInMarkTransaction(
  ctx: WorkerContext,
  markDb: Db,
  claimed: repo.ClaimedDelivery,
  mail: MailMessage,
): Promise<SendResult> {
  let smtpError: unknown;
  let accepted = false;
  try {
    const sent = await markDb.transaction(async (tx) => {
      const marked = await repo.markSent(tx, claimed.id, claimed.attempts, { accepted: false });
      if (!marked) return false; // cancelled since the claim (or the claim is gone): send nothing
      try {
        await ctx.deps.mailer.send(mail);
      } catch (error) {
        smtpError = error;
        throw error;
      }
      accepted = true;
      return true;
    });
    return { sent };
  } catch (error) {
    if (smtpError !== undefined) return { error: smtpError };
    // The database failed after the server accepted the message: record it as soon as we can.
    if (accepted) return { sent: await markSentPersistently(ctx, claimed) };
    throw error;
  }
}

/**
 * PGlite (one connection, one process): no transaction can stay open during SMTP, so the delivery is
 * recorded by one statement right after the 250.
 */
async function sendThenMark(
  ctx: WorkerContext,
  claimed: repo.ClaimedDelivery,
  mail: MailMessage,
): Promise<SendResult> {
  try {
    await ctx.deps.mailer.send(mail);
  } catch (error) {
    return { error };
  }
  return { sent: await markSentPersistently(ctx, claimed) };
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
  deps: Pick<WorkerDeps, 'db' | 'notifications' | 'logger'>,
  options: { delayMs?: number; limit?: number } = {},
) {
  const { delayMs = 250, limit = 500 } = options;
  let scheduled = false;
  let runs = Promise.resolve();

  async function runOnce(): Promise<number> {
    return deps.db.transaction(async (tx) => {
      const taken = await repo.takeOwnerNotices(tx, { limit });
      await tellOwners(deps, tx, taken);
      return taken.length;
    });
  }

  async function run() {
    scheduled = false; // what is recorded from now on is taken by the next run
    try {
      while ((await runOnce()) === limit);
    } catch (error) {
      // The sweeper finds what was not told (owner_notified_at stays null).
      deps.logger.error({ err: error }, 'telling owners about their deliveries failed');
    }
  }

  return {
    kick() {
      if (scheduled) return;
      scheduled = true;
      setTimeout(() => {
        runs = runs.then(run);
      }, delayMs);
    },
    /** Resolves once nothing is scheduled or running (shutdown, tests). */
    async idle() {
      do {
        if (scheduled) await new Promise((resolve) => setTimeout(resolve, delayMs));
        await runs;
      } while (scheduled);
    },
  };
}

export type OwnerNoticeBatcher = ReturnType<typeof createOwnerNoticeBatcher>;

function logTakenOver(ctx: WorkerContext, claimed: repo.ClaimedDelivery) {
  ctx.deps.logger.warn(
    { deliveryId: claimed.id, attempt: claimed.attempts },
    'delivery accepted by the mail server but its claim was taken over meanwhile (possible duplicate)',
  );
}

/** The server accepted the message: record it, retrying if the database fails (a lost record means a resend later). */
async function markSentPersistently(ctx: WorkerContext, claimed: repo.ClaimedDelivery): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      const marked = await repo.markSent(ctx.deps.db, claimed.id, claimed.attempts, { accepted: true });
      if (!marked) logTakenOver(ctx, claimed);
      return marked;
    } catch (error) {
      if (attempt >= 10) throw error;
      ctx.deps.logger.error(
        { err: error, deliveryId: claimed.id },
        'could not record a sent delivery; retrying',
      );
      await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 500 * 2 ** attempt)));
    }
  }
}

async function handleSendFailure(
  ctx: WorkerContext,
  claimed: repo.ClaimedDelivery,
  error: unknown,
): Promise<DeliveryOutcome> {
  const { deps, options } = ctx;
  const { id: deliveryId, attempts: attempt } = claimed;
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
  const failed = await deps.db.transaction(async (tx) => {
    const row = await repo.markFailed(tx, deliveryId, attempt, reason);
    if (row)
      await deps.notifications.notify(
        row.ownerId,
        ownerNotice('failed', row, { id: claimed.videoId, title: claimed.videoTitle }),
        tx,
      );
    return row;
  });
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
  // The mark transactions stay open during SMTP exchanges: give them connections of their own, so they
  // never starve the API or the rest of the worker of the main pool.
  const markPool =
    deps.database.kind === 'postgres' && deps.database.url
      ? new pg.Pool({
          connectionString: deps.database.url,
          max: options.sendConcurrency,
          application_name: 'pw-delivery-mark',
        })
      : null;
  markPool?.on('error', (error) => deps.logger.error({ err: error }, 'delivery mark pool error'));
  const ownerNotices = createOwnerNoticeBatcher(deps);
  const ctx: WorkerContext = {
    deps,
    liveness,
    options,
    sendSlots: new Semaphore(options.sendConcurrency),
    markDb: markPool ? (drizzlePg(markPool) as unknown as Db) : undefined,
    ownerNotices,
  };
  let inFlight = 0;

  const handle = async (jobs: Job<DeliverySendJob>[]) => {
    inFlight += jobs.length;
    try {
      const results = await processDeliveries(
        ctx,
        jobs.map((job) => job.data.deliveryId),
      ).catch((error: unknown) =>
        jobs.map((): PromiseRejectedResult => ({ status: 'rejected', reason: error })),
      );
      await Promise.all(
        results.map(async (result, i) => {
          const job = jobs[i]!;
          if (result.status === 'fulfilled') {
            deps.logger.debug({ deliveryId: job.data.deliveryId, outcome: result.value }, 'delivery job');
            return;
          }
          // Not an SMTP failure (those are handled above): retried by pg-boss with back-off.
          deps.logger.error({ err: result.reason, deliveryId: job.data.deliveryId }, 'delivery job failed');
          await deps.queue
            .fail(DELIVERY_SEND_QUEUE, job.id, { message: String(result.reason) })
            .catch(() => undefined);
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
        async (jobs) => {
          await handle(jobs);
          // A full batch means more are waiting: fetch again at once instead of after the polling
          // interval (pg-boss otherwise waits out the rest of it, which caps a backlog's throughput).
          const id = workerIds[i];
          if (jobs.length === options.batchSize && id) deps.queue.notifyWorker(id);
        },
      ),
    );
  }

  let sweeping: Promise<void> | null = null;
  const sweep = (graceSeconds: number) => {
    ownerNotices.kick();
    sweeping ??= (async () => {
      try {
        const rows = await repo.findOrphans(deps.db, graceSeconds, 500);
        // One statement for all; a delivery that already has a queued job keeps just that one.
        if (rows.length) await enqueueSends(deps.queue, rows);
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
    await ownerNotices.idle();
    await markPool?.end();
    await liveness.release();
  };
}
