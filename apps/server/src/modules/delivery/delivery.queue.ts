import type { PgBoss } from '../../platform/queue';
import {
  defineQueue,
  defineScheduledQueue,
  sendJob,
  sendJobs,
  type PayloadOf,
  idPayload,
} from '../../platform/jobs';
import type { DbOrTx } from '../../platform/db';

/**
 * `short` policy: at most one *queued* job per singleton key `${deliveryId}:send`, so the sweeper and a
 * re-enqueue cannot pile up copies. Handler errors (the database away, a bug) retry with back-off; SMTP
 * failures are retried by the worker itself with the row's own back-off. A job that keeps failing ends in
 * state `failed` in pgboss.job, and the row stays pending, where the sweeper finds it again.
 * Batches of 25 (one claim for all) fetched by two loops, so one slow SMTP exchange does not hold up the
 * rest; a full batch fetches again at once. A stop waits up to two minutes for the SMTP exchanges going on.
 */
export const deliverySendQueue = defineQueue({
  name: 'delivery.send',
  // The delivery id only; the worker re-reads the row and decides.
  payload: idPayload('deliveryId'),
  policy: 'short',
  retry: { limit: 10, delaySeconds: 5, backoff: true },
  // Longer than one batch can take (each send is bounded by the mailer's timeouts).
  expireInSeconds: 600,
  work: { batchSize: 25, loops: 2, pollingIntervalSeconds: 0.5, refetchWhenFull: true, stopWaitSeconds: 120 },
});

export type DeliverySendJob = PayloadOf<typeof deliverySendQueue>;

/** How often the sweeper looks for rows whose job was lost. */
export const SWEEP_EVERY_SECONDS = 15;

/**
 * `delivery.sweep`: re-enqueues the rows whose job was lost (a crash), every 15 seconds however many
 * workers are up (each also sweeps once as it starts). A run left behind by a killed worker is not
 * retried: the next period's run does its work.
 */
export const deliverySweepQueue = defineScheduledQueue({
  name: 'delivery.sweep',
  schedule: { everySeconds: SWEEP_EVERY_SECONDS },
  expireInSeconds: 300,
});

/** The singleton key of a delivery's job: one queued check per delivery at most. */
const sendJobKey = (deliveryId: number) => `${deliveryId}:send`;

/** Enqueues the send check of a delivery, in `tx` when given (then it exists iff the transaction commits). */
export async function enqueueSend(queue: PgBoss, deliveryId: number, startAfter: Date, tx?: DbOrTx) {
  return sendJob(
    queue,
    deliverySendQueue,
    { deliveryId },
    { startAfter, singletonKey: sendJobKey(deliveryId), tx },
  );
}

/**
 * Many at once (the sweeper, the yearly roll-over): one INSERT, in `tx` when given; a delivery that
 * already has a queued job is skipped.
 */
export async function enqueueSends(
  queue: PgBoss,
  rows: Array<{ id: number; nextAttemptAt: Date }>,
  tx?: DbOrTx,
) {
  const now = Date.now();
  await sendJobs(
    queue,
    deliverySendQueue,
    rows.map((row) => ({
      payload: { deliveryId: row.id },
      singletonKey: sendJobKey(row.id),
      startAfter: new Date(Math.max(now, row.nextAttemptAt.getTime())),
    })),
    { tx },
  );
}
