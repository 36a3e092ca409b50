import type { z } from 'zod';
import type { PgBoss } from './queue';
import type { Db, DbOrTx } from './db';
import { sqlExecutor } from './db/executor';

/**
 * The typed queue registry (decision 0128). Each queue is defined once, by the module that owns it:
 * its name (`<module>.<verb>`, e.g. `video.process`), its payload schema, and pg-boss's retry, back-off
 * and expiry. The composition root creates every defined queue and starts every module's workers from
 * the modules' own lists; nothing else names a queue.
 */
export interface QueueDefinition<Payload> {
  /** `<module>.<verb>`: lower case, one dot. */
  name: `${string}.${string}`;
  /** The payload: ids only, the handler re-reads its rows (a job may run long after it was sent). */
  payload: z.ZodType<Payload>;
  /** pg-boss's policy: `short` keeps one queued job per singleton key, `stately` one queued and one active. */
  policy: 'standard' | 'short' | 'singleton' | 'stately';
  retryLimit: number;
  /** Seconds before the first retry; doubled each time when `retryBackoff`. */
  retryDelay: number;
  retryBackoff: boolean;
  /** How long a job may run before pg-boss gives up on it and retries (under 24 h). */
  expireInSeconds: number;
}

const QUEUE_NAME = /^[a-z]+(?:-[a-z]+)*\.[a-z]+(?:-[a-z]+)*$/;

export function defineQueue<Payload>(definition: QueueDefinition<Payload>): QueueDefinition<Payload> {
  if (!QUEUE_NAME.test(definition.name))
    throw new Error(`Queue name ${definition.name} is not <module>.<verb> in lower case.`);
  return definition;
}

/** A worker a module runs on one of its queues; `start` answers how to stop it (gracefully). */
export interface QueueWorker {
  queue: QueueDefinition<unknown>;
  /** What the start log calls it. */
  label: string;
  start(): Promise<() => Promise<void>>;
}

export interface SendOptions {
  singletonKey?: string;
  startAfter?: Date;
  expireInSeconds?: number;
  /** Sent through this connection: inside a transaction the job commits with the rows or not at all. */
  tx?: DbOrTx;
}

/** Sends one job, its payload checked against the queue's schema first (a wrong payload is a bug). */
export function sendJob<Payload>(
  boss: PgBoss,
  queue: QueueDefinition<Payload>,
  payload: Payload,
  options: SendOptions = {},
): Promise<string | null> {
  const { tx, ...rest } = options;
  return boss.send(queue.name, queue.payload.parse(payload) as object, {
    ...rest,
    ...(tx ? { db: sqlExecutor(tx as Db) } : {}),
  });
}

/** Creates (or updates) every defined queue: names are unique across the product. */
export async function createQueues(boss: PgBoss, queues: Array<QueueDefinition<unknown>>): Promise<void> {
  const seen = new Set<string>();
  for (const queue of queues) {
    if (seen.has(queue.name)) throw new Error(`Queue ${queue.name} is defined twice.`);
    seen.add(queue.name);
    const { name, policy, retryLimit, retryDelay, retryBackoff, expireInSeconds } = queue;
    await boss.createQueue(name, { name, policy, retryLimit, retryDelay, retryBackoff, expireInSeconds });
  }
}
