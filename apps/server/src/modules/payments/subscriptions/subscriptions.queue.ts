import { defineScheduledQueue } from '../../../platform/jobs';

/**
 * The subscriptions' daily duty (docs/product.md §7.4): one job runs `expireSubscriptions` by the platform
 * clock. Every hour: the job is daily in what it does (the warning 7 days ahead, the end at its day),
 * hourly in when it looks, so a plan ends within the hour of its time and a renewal leaves no day without
 * it; one job an hour however many workers are up (decision 0300), so copies never pile up. A failed
 * run is retried; what it had settled stays settled (each subscription is its own transaction), and two
 * runs at once (a retry beside the next hour's) settle each subscription once.
 */
export const expireSubscriptionsQueue = defineScheduledQueue({
  name: 'payments.expire-subscriptions',
  schedule: { everySeconds: 60 * 60 },
  retry: { limit: 5, delaySeconds: 60 },
  expireInSeconds: 30 * 60,
});
