import { defineOutboxMailQueue, defineScheduledQueue } from '../../../platform/jobs';

/** How often the address check looks for owners due (ADDRESS_CHECK_EVERY_SECONDS; hourly by default). */
export const ADDRESS_CHECK_EVERY_SECONDS = 60 * 60;

/**
 * `delivery.address-check` (docs/product.md §5.9): owners due for their yearly check, and
 * checks due for their reminder. Yearly in what it does, hourly in when it looks; one run a period however
 * many workers are up, and two at once (a retry beside the next run) still send each check once.
 */
export const addressCheckQueue = defineScheduledQueue({
  name: 'delivery.address-check',
  schedule: { everySeconds: ADDRESS_CHECK_EVERY_SECONDS },
  retry: { limit: 3, delaySeconds: 5 * 60 },
  expireInSeconds: 30 * 60,
});

/**
 * Sends one check's (or reminder's) outbox row, once. `short`: one queued job per row, so the duty that
 * re-sends lost ones cannot pile up copies.
 */
export const addressMailQueue = defineOutboxMailQueue({
  name: 'delivery.address-mail',
  policy: 'short',
  work: { pollingIntervalSeconds: 2 },
});
