import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from '../queue';
import type { Db, DbOrTx, Listen, Unlisten } from '../db';
import { sqlExecutor } from '../db/executor';
import type { QueueDefinition } from './define';

type Named = Pick<QueueDefinition<unknown>, 'name'>;

/**
 * Where a sent job is announced (its queue's name as the payload), so every worker process's loops of
 * that queue fetch at once rather than at their next poll, up to a few seconds later. The poll stays:
 * an announcement is a hint, and a process that missed one still finds the job.
 */
export const JOB_SENT_CHANNEL = 'pw_job_sent';

/** This process's fetch loops per queue, so a job can be taken at once (`wakeWorkers`). */
const localLoops = new WeakMap<PgBoss, Map<string, string[]>>();

/** Records the fetch loops this process runs for a queue (none: forgets them). */
export function setLocalLoops(boss: PgBoss, queue: Named, loopIds: string[]): void {
  const loops = localLoops.get(boss) ?? new Map<string, string[]>();
  localLoops.set(boss, loops);
  if (loopIds.length > 0) loops.set(queue.name, loopIds);
  else loops.delete(queue.name);
}

/** Lets this process's loops of `queue` fetch at once instead of at their next poll. */
export function wakeWorkers(boss: PgBoss, queue: Named): void {
  for (const id of localLoops.get(boss)?.get(queue.name) ?? []) boss.notifyWorker(id);
}

/**
 * Announces a job of `queue`: inside `tx` the announcement goes out when the transaction commits (the
 * job is then visible) and is dropped if it rolls back; without one it goes at once. PostgreSQL sends
 * one notification per transaction and payload, so a sweep of many jobs announces its queue once.
 */
export async function announceJob(boss: PgBoss, queue: Named, tx?: DbOrTx): Promise<void> {
  const db = tx ? sqlExecutor(tx as Db) : boss.getDb();
  await db.executeSql('select pg_notify($1, $2)', [JOB_SENT_CHANNEL, queue.name]);
}

/** Wakes this process's loops of each announced queue; answers how to stop listening. */
export function wakeOnAnnouncements(
  boss: PgBoss,
  listen: Listen,
  logger: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
): Promise<Unlisten> {
  return listen(
    JOB_SENT_CHANNEL,
    (queueName) => wakeWorkers(boss, { name: queueName as Named['name'] }),
    logger,
  );
}
