import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from '../../platform/queue';
import { startPeriodicWorker } from '../../platform/periodic-worker';
import type { ExpireSubscriptions } from './subscriptions.expiry';
import { EXPIRE_SUBSCRIPTIONS_EVERY_MS, expireSubscriptionsQueue, expiryJobKey } from './subscriptions.queue';

export interface ExpiryWorkerDeps {
  queue: PgBoss;
  expireSubscriptions: ExpireSubscriptions;
  logger: FastifyBaseLogger;
}

/**
 * Runs `payments.expire-subscriptions` jobs (ROLE=worker|all) and sends one at start and every hour
 * (decision 0171). Every worker sends, the hour's singleton key keeps it to one queued job, and a second
 * run in the hour changes nothing.
 */
export function startExpiryWorker(deps: ExpiryWorkerDeps): Promise<() => Promise<void>> {
  return startPeriodicWorker({
    queue: deps.queue,
    definition: expireSubscriptionsQueue,
    everyMs: EXPIRE_SUBSCRIPTIONS_EVERY_MS,
    keyOf: expiryJobKey,
    logger: deps.logger,
    run: async () => {
      const counts = await deps.expireSubscriptions();
      deps.logger.info(counts, 'subscriptions settled');
    },
  });
}
