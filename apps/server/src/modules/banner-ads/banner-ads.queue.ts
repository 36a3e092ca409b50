import { z } from 'zod';
import { defineQueue } from '../../platform/jobs';

/**
 * Forgets who was counted on past days (decision 0273): a view or click counts once per reader, ad and
 * day, so only today's rows decide anything; yesterday's are kept for the hour around midnight. One run
 * an hour however many workers are up; it polls seldom, the worker that sends a run takes it at once.
 */
export const bannerReadersPruneQueue = defineQueue({
  name: 'banner-ads.prune-readers',
  payload: z.object({}).strict(),
  policy: 'standard',
  retryLimit: 3,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 30 * 60,
  work: { pollingIntervalSeconds: 30 },
  schedule: { everySeconds: 60 * 60 },
});
