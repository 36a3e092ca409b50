import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from './queue';
import { sendJob, type QueueDefinition } from './queues';
import { waitUntilIdle } from './jobs';

export interface PeriodicWorkerOptions {
  queue: PgBoss;
  /** A queue whose payload is empty: the job reads what it needs when it runs. */
  definition: QueueDefinition<Record<string, never>>;
  everyMs: number;
  /** The singleton key of the period `at` falls in: one queued job per period however many workers send. */
  keyOf: (at: Date) => string;
  run: () => Promise<void>;
  logger: Pick<FastifyBaseLogger, 'error'>;
  pollingIntervalSeconds?: number;
}

/**
 * A job run every period (pg-boss's own cron is off in this app, platform/queue.ts): runs the queue's
 * jobs one at a time and sends one at start and every `everyMs`; the period's singleton key keeps it to
 * one queued job whatever the number of workers. Answers how to stop it (waiting for a running job).
 */
export async function startPeriodicWorker(options: PeriodicWorkerOptions): Promise<() => Promise<void>> {
  const { queue, definition, logger } = options;
  const tick = () =>
    sendJob(queue, definition, {}, { singletonKey: options.keyOf(new Date()) }).catch((err: unknown) =>
      logger.error({ err }, `could not send ${definition.name}`),
    );
  let inFlight = 0;
  const workerId = await queue.work(
    definition.name,
    { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
    async () => {
      inFlight += 1;
      try {
        await options.run();
      } finally {
        inFlight -= 1;
      }
    },
  );
  await tick();
  const timer = setInterval(() => void tick(), options.everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await queue.offWork({ id: workerId });
    await waitUntilIdle(() => inFlight, 60_000);
  };
}
