import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from '../../platform/queue';
import { sendJob } from '../../platform/queues';
import { waitUntilIdle } from '../../platform/jobs';
import type { ExpireSubscriptions } from './subscriptions.expiry';
import { EXPIRE_SUBSCRIPTIONS_EVERY_MS, expireSubscriptionsQueue, expiryJobKey } from './subscriptions.queue';

export interface ExpiryWorkerDeps {
  queue: PgBoss;
  expireSubscriptions: ExpireSubscriptions;
  logger: FastifyBaseLogger;
}

/**
 * Runs `payments.expire-subscriptions` jobs (ROLE=worker|all) and sends one at start and every hour
 * (decision 0171). pg-boss's own cron is off in this app (platform/queue.ts); every worker sends, the
 * hour's singleton key keeps it to one queued job, and a second run in the hour changes nothing.
 */
export async function startExpiryWorker(deps: ExpiryWorkerDeps): Promise<() => Promise<void>> {
  const { queue, logger } = deps;
  const name = expireSubscriptionsQueue.name;
  const tick = () =>
    sendJob(queue, expireSubscriptionsQueue, {}, { singletonKey: expiryJobKey(new Date()) }).catch(
      (err: unknown) => logger.error({ err }, 'could not send the subscriptions run'),
    );
  let inFlight = 0;
  const workerId = await queue.work(name, { batchSize: 1, pollingIntervalSeconds: 1 }, async () => {
    inFlight += 1;
    try {
      const counts = await deps.expireSubscriptions();
      logger.info(counts, 'subscriptions settled');
    } finally {
      inFlight -= 1;
    }
  });
  await tick();
  const timer = setInterval(() => void tick(), EXPIRE_SUBSCRIPTIONS_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await queue.offWork({ id: workerId });
    await waitUntilIdle(() => inFlight, 60_000);
  };
}
