import type { PgBoss } from '../../../platform/queue';
import { defineQueue, defineScheduledQueue, sendJob, idPayload } from '../../../platform/jobs';
import type { Db, DbOrTx } from '../../../platform/db';
import { conversionTimeoutMs } from '../../../platform/media/media';

/**
 * Payload is the id only; the job re-reads the row. Three retries with exponential back-off (10 s, 20 s,
 * 40 s) for passing trouble (storage, database, a killed process); a file ffmpeg cannot read fails at
 * once. `stately` + the `${videoId}:process` key keeps one queued and one running job per video. Failures
 * end up visible on the video itself (`state: failed`, `failure_reason`). The expiry here is only the
 * default for a job sent without knowing its video's length (the sweeper's): see processingExpirySeconds.
 * One conversion at a time per worker process. A stop waits 10 s for a running conversion; a longer one is
 * failed by pg-boss as the process ends and retried elsewhere (decision 0035).
 */
export const videoProcessQueue = defineQueue({
  name: 'video.process',
  payload: idPayload('videoId'),
  policy: 'stately',
  retry: { limit: 3, delaySeconds: 10, backoff: true },
  expireInSeconds: 60 * 60,
  work: { pollingIntervalSeconds: 0.5, stopWaitSeconds: 10 },
});
export const VIDEO_PROCESS_QUEUE = videoProcessQueue.name;

/** Videos left processing without a job (videos.sweeper.ts); each worker also sweeps as it starts. */
export const videoStuckSweepQueue = defineScheduledQueue({
  name: 'video.sweep-stuck',
  schedule: { everySeconds: 60 },
});
/** Conversions whose worker died, taken over (decision 0035). */
export const videoTakeOverQueue = defineScheduledQueue({
  name: 'video.take-over',
  schedule: { everySeconds: 15 },
});
/** Resumable uploads left unfinished for a day, removed. */
export const videoUploadSweepQueue = defineScheduledQueue({
  name: 'video.sweep-uploads',
  schedule: { everySeconds: 60 * 60 },
});

/** Copying the inputs out of storage and the outputs into it: on top of the media steps' own timeouts. */
const TRANSFER_ALLOWANCE_SECONDS = 15 * 60;
/** pg-boss refuses an expiry of 24 hours or more. */
const MAX_EXPIRY_SECONDS = 23 * 60 * 60;

/** What a conversion works on: how many clips, and their measured length together. */
export interface ConversionSize {
  clips: number;
  seconds: number;
}

/**
 * How long a processing job may run before pg-boss gives up on it and starts a retry: longer than every
 * timeout of the conversion itself, so a retry never runs beside a conversion that is still going
 * (docs/decisions/0035).
 */
export function processingExpirySeconds(size: ConversionSize): number {
  const seconds = conversionTimeoutMs(size.clips, size.seconds) / 1000 + TRANSFER_ALLOWANCE_SECONDS;
  return Math.min(MAX_EXPIRY_SECONDS, Math.ceil(seconds));
}

export interface VideoJobs {
  /**
   * Queues processing of a video (deduplicated per video) through `tx`: given the transaction that creates
   * the row, the job commits with it or not at all. `size`, when known, sets how long the job may run.
   * False when the video already had a queued job (which is then the one that runs). The job is
   * announced as it commits, so a worker takes it at once rather than at its next poll.
   */
  enqueue(videoId: number, size?: ConversionSize, tx?: DbOrTx): Promise<boolean>;
}

/** Sends `video.process` jobs; without a transaction they go through the application's database. */
export function createVideoJobs(queue: PgBoss, db: Db): VideoJobs {
  return {
    async enqueue(videoId, size, tx = db) {
      const id = await sendJob(
        queue,
        videoProcessQueue,
        { videoId },
        {
          singletonKey: `${videoId}:process`,
          ...(size ? { expireInSeconds: processingExpirySeconds(size) } : {}),
          // Through the caller's connection: inside its transaction the job commits with the row or not at all.
          tx,
        },
      );
      return id !== null;
    },
  };
}
