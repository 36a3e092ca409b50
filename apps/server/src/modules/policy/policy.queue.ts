import { defineOutboxMailQueue, defineScheduledQueue } from '../../platform/jobs';

/**
 * The pace of an announcement (docs/product.md §11.7): one batch of accounts a run, one run every 30 seconds
 * however many workers are up, so 200 × 120 = 24 000 accounts an hour are told. Each batch queues its
 * e-mails, which `policy.mail` sends at most 10 a second per worker process (ten a poll, two at once).
 */
export const ANNOUNCE_BATCH = 200;
export const ANNOUNCE_EVERY_SECONDS = 30;

/**
 * Records the configured version (a start may have missed it) and tells the next batch of accounts of
 * a new one. A run that fails is made up by the next period's.
 */
export const policyAnnounceQueue = defineScheduledQueue({
  name: 'policy.announce',
  schedule: { everySeconds: ANNOUNCE_EVERY_SECONDS },
  expireInSeconds: 5 * 60,
});

/** One announcement e-mail (its outbox row's id); the handler re-reads the row and the account. */
export const policyMailQueue = defineOutboxMailQueue({
  name: 'policy.mail',
  policy: 'standard',
  work: { batchSize: 10, concurrency: 2, pollingIntervalSeconds: 1 },
});
