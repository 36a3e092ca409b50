import { defineScheduledQueue } from '../../platform/jobs';

/**
 * Forgets who was counted on past days (docs/product.md §8.6): a view or click counts once per reader, ad and
 * day, so only today's rows decide anything; yesterday's are kept for the hour around midnight. One run
 * an hour however many workers are up.
 */
export const bannerReadersPruneQueue = defineScheduledQueue({
  name: 'banner-ads.prune-readers',
  schedule: { everySeconds: 60 * 60 },
  retry: { limit: 3, delaySeconds: 60 },
  expireInSeconds: 30 * 60,
});
