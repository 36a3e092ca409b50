import type { PgBoss } from '../src/platform/queue';
import { QUEUE_SCHEMA } from '../src/platform/queue';
import type { ExecuteSql } from '../src/platform/db';
import { wakeWorkers, type QueueDefinition } from '../src/platform/jobs';
import { waitUntil } from './wait';

type Named = Pick<QueueDefinition<unknown>, 'name'>;

/** The jobs of `queues` due by `dueBy` that pg-boss has not finished: waiting, running or to be retried. */
async function unfinished(
  executeSql: ExecuteSql,
  queues: Named[],
  dueBy: Date,
  states: string[],
): Promise<number> {
  const { rows } = await executeSql(
    `select count(*)::int as n from ${QUEUE_SCHEMA}.job
      where name = any($1::text[]) and state::text = any($2::text[]) and start_after <= $3`,
    [queues.map((queue) => queue.name), states, dueBy.toISOString()],
  );
  return Number(rows[0]!.n);
}

/**
 * Waits until every job of `queues` due by `dueBy` (default: now) has run to its end, a retry due by
 * then included: how a test knows the workers are done with what it set off, rather than waiting a
 * fixed time and hoping. A job due later is not waited for. `running: false` leaves out the jobs being
 * run: a killed worker's stay active until they expire, and a graceful stop waits for a live one's.
 */
export function waitForQueueIdle(
  executeSql: ExecuteSql,
  queues: Named | Named[],
  options: { dueBy?: Date; timeoutMs?: number; running?: boolean } = {},
): Promise<void> {
  const list = Array.isArray(queues) ? queues : [queues];
  const { timeoutMs = 15_000, running = true } = options;
  const states = running ? ['created', 'retry', 'active'] : ['created', 'retry'];
  return waitUntil(
    async () => (await unfinished(executeSql, list, options.dueBy ?? new Date(), states)) === 0,
    timeoutMs,
    `jobs of ${list.map((queue) => queue.name).join(', ')} finished`,
    50,
  );
}

/**
 * Runs a scheduled duty once more now, whatever its period, and waits until that run has finished: a
 * test that asks "does a later sweep change anything?" calls the sweep instead of waiting for its timer.
 */
export async function runDutyOnce(
  boss: PgBoss,
  executeSql: ExecuteSql,
  queue: Named,
  timeoutMs = 15_000,
): Promise<void> {
  const id = await boss.send(queue.name, {});
  if (!id) throw new Error(`could not send a run of ${queue.name}`);
  // This process's loop takes it now rather than at its next poll.
  wakeWorkers(boss, queue);
  await waitUntil(
    async () => {
      const { rows } = await executeSql(`select state from ${QUEUE_SCHEMA}.job where id = $1`, [id]);
      // A finished job may already have been moved to the archive.
      return rows.length === 0 || rows[0]!.state === 'completed';
    },
    timeoutMs,
    `a run of ${queue.name} completed`,
    50,
  );
}

/**
 * Waits until no row of the mail outbox is still queued (each was sent, failed or dropped): a test that
 * checks "no (second) e-mail" counts after this rather than after a fixed wait.
 */
export function outboxSettled(executeSql: ExecuteSql, timeoutMs = 15_000): Promise<void> {
  return waitUntil(
    async () =>
      Number(
        (await executeSql(`select count(*)::int as n from mail_outbox where state = 'queued'`)).rows[0]!.n,
      ) === 0,
    timeoutMs,
    'every e-mail of the outbox sent, failed or dropped',
    50,
  );
}
