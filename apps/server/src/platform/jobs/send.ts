import type { PgBoss } from '../queue';
import type { Db, DbOrTx } from '../db';
import { sqlExecutor } from '../db/executor';
import type { QueueDefinition } from './define';
import { announceJob } from './wake';

export interface SendOptions {
  singletonKey?: string;
  /** One job per slot of this many seconds (with the singleton key, if any): a schedule's period. */
  singletonSeconds?: number;
  startAfter?: Date;
  expireInSeconds?: number;
  /** Sent through this connection: inside a transaction the job commits with the rows or not at all. */
  tx?: DbOrTx;
}

/**
 * Sends one job, its payload checked against the queue's schema first (a wrong payload is a bug), and
 * announces it to the workers when it is due now (wake.ts). Answers the job's id, or null when a
 * singleton key or slot already had its job.
 */
export async function sendJob<Payload>(
  boss: PgBoss,
  queue: QueueDefinition<Payload>,
  payload: Payload,
  options: SendOptions = {},
): Promise<string | null> {
  const { tx, ...rest } = options;
  const id = await boss.send(queue.name, queue.payload.parse(payload) as object, {
    ...rest,
    ...(tx ? { db: sqlExecutor(tx as Db) } : {}),
  });
  if (id && dueNow(rest.startAfter)) await announce(boss, queue, tx);
  return id;
}

/**
 * Many jobs in one INSERT (a sweep's, a batch of notifications'), in `tx` when given: a job whose
 * singleton key already has one queued is skipped.
 */
export async function sendJobs<Payload>(
  boss: PgBoss,
  queue: QueueDefinition<Payload>,
  jobs: Array<{ payload: Payload; singletonKey?: string; startAfter?: Date }>,
  options: { tx?: DbOrTx } = {},
): Promise<void> {
  if (jobs.length === 0) return;
  await boss.insert(
    jobs.map((job) => ({
      name: queue.name,
      data: queue.payload.parse(job.payload) as object,
      ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
      ...(job.startAfter ? { startAfter: job.startAfter.toISOString() } : {}),
    })),
    options.tx ? { db: sqlExecutor(options.tx as Db) } : {},
  );
  if (jobs.some((job) => dueNow(job.startAfter))) await announce(boss, queue, options.tx);
}

const dueNow = (startAfter: Date | undefined) => !startAfter || startAfter.getTime() <= Date.now();

/**
 * In a transaction the announcement commits with the job (a failure fails both, as any statement of
 * it would); outside one the job is already there, and a worker's next poll finds it unannounced.
 */
function announce(boss: PgBoss, queue: Pick<QueueDefinition<unknown>, 'name'>, tx?: DbOrTx) {
  return tx ? announceJob(boss, queue, tx) : announceJob(boss, queue).catch(() => undefined);
}
