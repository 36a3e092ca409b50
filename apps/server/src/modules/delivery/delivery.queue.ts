import { z } from 'zod';
import type { PgBoss } from '../../platform/queue';
import { defineQueue, sendJob } from '../../platform/queues';
import type { DbOrTx } from '../../platform/db';

/** Job payload: the delivery id only; the worker re-reads the row and decides. */
export interface DeliverySendJob {
  deliveryId: number;
}

/**
 * `short` policy: at most one *queued* job per singleton key `${deliveryId}:send`, so the sweeper and a
 * re-enqueue cannot pile up copies. Handler errors (the database away, a bug) retry with back-off; SMTP
 * failures are retried by the worker itself with the row's own back-off. A job that keeps failing ends in
 * state `failed` in pgboss.job, and the row stays pending, where the sweeper finds it again.
 */
export const deliverySendQueue = defineQueue<DeliverySendJob>({
  name: 'delivery.send',
  payload: z.object({ deliveryId: z.number().int().positive() }),
  policy: 'short',
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
  // Longer than one batch can take (each send is bounded by the mailer's timeouts).
  expireInSeconds: 600,
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

/** Many at once (the sweeper): one INSERT; a delivery that already has a queued job is skipped. */
export async function enqueueSends(queue: PgBoss, rows: Array<{ id: number; nextAttemptAt: Date }>) {
  const now = Date.now();
  await queue.insert(
    rows.map((row) => ({
      name: deliverySendQueue.name,
      data: { deliveryId: row.id } satisfies DeliverySendJob,
      singletonKey: sendJobKey(row.id),
      startAfter: new Date(Math.max(now, row.nextAttemptAt.getTime())).toISOString(),
    })),
  );
}
