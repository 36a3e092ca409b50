import { defineOutboxMailQueue, defineQueue, defineScheduledQueue, idPayload } from '../../platform/jobs';

/**
 * Builds one export archive (docs/product.md §11.5). `singletonKey` of the export: one job per export. A
 * crash mid-way is retried from the start (the archive is written under its final key only when complete).
 * One at a time per process: each streams whole videos.
 */
export const accountExportQueue = defineQueue({
  name: 'account-data.export',
  payload: idPayload('exportId'),
  policy: 'standard',
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  expireInSeconds: 2 * 60 * 60,
});

/**
 * The sweeper (docs/product.md §11.6): expired archives deleted, and the files of deleted accounts (or of a
 * deletion interrupted after its commit) removed from storage. One run every ten minutes however many
 * workers are up.
 */
export const accountDataSweepQueue = defineScheduledQueue({
  name: 'account-data.sweep',
  schedule: { everySeconds: 10 * 60 },
  retry: { limit: 3, delaySeconds: 60 },
  expireInSeconds: 30 * 60,
  pollingIntervalSeconds: 5,
});

/**
 * The retention duty (docs/product.md §11.9): deactivated accounts' notices (30 and 7 days ahead) and
 * deletion at their day, then the short clocks (expired sessions and reset codes, old mail rows:
 * docs/product.md §11.9). Hourly: daily in what it does, hourly in when it looks, so a deletion happens
 * within the hour of its day; one run an hour however many workers are up, and two at once (a retry beside
 * the next hour's) still notify once and delete once.
 */
export const accountDataRetentionQueue = defineScheduledQueue({
  name: 'account-data.retention',
  schedule: { everySeconds: 60 * 60 },
  retry: { limit: 3, delaySeconds: 5 * 60 },
  expireInSeconds: 30 * 60,
});

/** Sends one retention notice's outbox row, once (sent with the row in its transaction). */
export const retentionNoticeQueue = defineOutboxMailQueue({
  name: 'account-data.notice',
  policy: 'short',
  work: { pollingIntervalSeconds: 2 },
});
