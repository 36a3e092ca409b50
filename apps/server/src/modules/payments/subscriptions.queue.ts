import { z } from 'zod';
import { defineQueue } from '../../platform/queues';

/**
 * The subscriptions' daily duty (decision 0171): one job runs `expireSubscriptions` by the platform
 * clock. `stately`: at most one queued and one running, so a slow run never piles up copies. A failed
 * run is retried; what it had settled stays settled (each subscription is its own transaction).
 */
export const expireSubscriptionsQueue = defineQueue<Record<string, never>>({
  name: 'payments.expire-subscriptions',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  policy: 'stately',
  retryLimit: 5,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 30 * 60,
});

/**
 * Every hour: the job is daily in what it does (the warning 7 days ahead, the end at its day), hourly
 * in when it looks, so a plan ends within the hour of its time and a renewal leaves no day without it.
 */
export const EXPIRE_SUBSCRIPTIONS_EVERY_MS = 60 * 60 * 1000;

/** One queued run per hour however many workers send it (`singletonKey` of the hour). */
export const expiryJobKey = (at: Date) => `expire:${at.toISOString().slice(0, 13)}`;
