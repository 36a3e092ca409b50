import { defineScheduledQueue } from '../../platform/jobs';

/** How often the integrity sweep runs: each run checks its share of a 30-day cycle (decision 0340). */
export const INTEGRITY_SWEEP_EVERY_SECONDS = 6 * 60 * 60;

/**
 * The integrity sweep: records objects the store holds without a record, checks the slice of objects
 * least recently verified (platform/storage/integrity.ts), then tells the administrators and owners of
 * each damage not told yet. A run reads a thirtieth of the media in five days' share of a month; four
 * hours before pg-boss takes it for lost.
 */
export const mediaIntegrityQueue = defineScheduledQueue({
  name: 'media.integrity',
  schedule: { everySeconds: INTEGRITY_SWEEP_EVERY_SECONDS },
  retry: { limit: 2, delaySeconds: 10 * 60 },
  expireInSeconds: 4 * 60 * 60,
});
