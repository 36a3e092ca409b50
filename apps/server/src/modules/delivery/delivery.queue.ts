import { z } from 'zod';
import type { PgBoss } from '../../platform/queue';
import { createQueues, defineQueue } from '../../platform/queues';
import type { Db } from '../../platform/db';
import { sqlExecutor } from '../../platform/db/executor';

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
export const deliverySendQueue = defineQueue({
  name: 'delivery.send',
  payload: z.object({ deliveryId: z.number().int().positive() }),
  policy: 'short',
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
  // Longer than one batch can take (each send is bounded by the mailer's timeouts).
  expireInSeconds: 600,
});
export const DELIVERY_SEND_QUEUE = deliverySendQueue.name;

export async function ensureDeliveryQueue(queue: PgBoss): Promise<void> {
  await createQueues(queue, [deliverySendQueue]);
}

/** Enqueues the send check of a delivery, in `tx` when given (then it exists iff the transaction commits). */
export async function enqueueSend(queue: PgBoss, deliveryId: number, startAfter: Date, tx?: Db) {
  const job: DeliverySendJob = { deliveryId };
  return queue.send(DELIVERY_SEND_QUEUE, job, {
    startAfter,
    singletonKey: `${deliveryId}:send`,
    ...(tx ? { db: sqlExecutor(tx) } : {}),
  });
}

/** Many at once (the sweeper): one INSERT; a delivery that already has a queued job is skipped. */
export async function enqueueSends(queue: PgBoss, rows: Array<{ id: number; nextAttemptAt: Date }>) {
  const now = Date.now();
  await queue.insert(
    rows.map((row) => ({
      name: DELIVERY_SEND_QUEUE,
      data: { deliveryId: row.id } satisfies DeliverySendJob,
      singletonKey: `${row.id}:send`,
      startAfter: new Date(Math.max(now, row.nextAttemptAt.getTime())).toISOString(),
    })),
  );
}
