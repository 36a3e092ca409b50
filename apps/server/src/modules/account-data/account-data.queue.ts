import { defineQueue, defineScheduledQueue, idPayload } from '../../platform/jobs';

/**
 * Builds one export archive (decision 0241). `singletonKey` of the export: one job per export. A crash
 * mid-way is retried from the start (the archive is written under its final key only when complete).
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
 * The sweeper (decision 0243): expired archives deleted, and the files of deleted accounts (or of a
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
