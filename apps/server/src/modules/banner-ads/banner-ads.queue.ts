import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import { startPeriodicWorker } from '../../platform/periodic-worker';
import type { PgBoss } from '../../platform/queue';
import { defineQueue } from '../../platform/queues';
import type { BannerAdsRepo } from './banner-ads.repo';

/**
 * Forgets who was counted on past days (decision 0273): a view or click counts once per reader, ad and
 * day, so only today's rows decide anything; yesterday's are kept for the hour around midnight.
 */
export const bannerReadersPruneQueue = defineQueue<Record<string, never>>({
  name: 'banner-ads.prune-readers',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  policy: 'stately',
  retryLimit: 3,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 30 * 60,
});

const PRUNE_EVERY_MS = 60 * 60 * 1000;

export function startReadersPruneWorker(
  queue: PgBoss,
  deps: { repo: Pick<BannerAdsRepo, 'pruneReaders'>; clock: Clock; logger: FastifyBaseLogger },
): Promise<() => Promise<void>> {
  return startPeriodicWorker({
    queue,
    definition: bannerReadersPruneQueue,
    everyMs: PRUNE_EVERY_MS,
    // One queued prune per hour however many workers send it.
    keyOf: (at) => `prune:${Math.floor(at.getTime() / PRUNE_EVERY_MS)}`,
    logger: deps.logger,
    pollingIntervalSeconds: 30,
    run: async () => {
      await deps.repo.pruneReaders(deps.clock.now());
    },
  });
}
