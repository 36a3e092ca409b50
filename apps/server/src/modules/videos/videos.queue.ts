import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { defineQueue, createQueues } from '../../platform/queues';
import type { Db } from '../../platform/db';
import { sqlExecutor } from '../../platform/db/executor';
import { conversionTimeoutMs } from '../../platform/media/media';
import type { VideoJobs } from './videos.service';

/**
 * Payload is the id only; the job re-reads the row. Three retries with exponential back-off (10 s, 20 s,
 * 40 s) for passing trouble (storage, database, a killed process); a file ffmpeg cannot read fails at
 * once. `stately` + the `${videoId}:process` key keeps one queued and one running job per video. Failures
 * end up visible on the video itself (`state: failed`, `failure_reason`). The expiry here is only the
 * default for a job sent without knowing its video's length (the sweeper's): see processingExpirySeconds.
 */
export const videoProcessQueue = defineQueue({
  name: 'video.process',
  payload: z.object({ videoId: z.number().int().positive() }),
  policy: 'stately',
  retryLimit: 3,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 60 * 60,
});
export const VIDEO_PROCESS_QUEUE = videoProcessQueue.name;

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
 * (docs/decisions/0085).
 */
export function processingExpirySeconds(size: ConversionSize): number {
  const seconds = conversionTimeoutMs(size.clips, size.seconds) / 1000 + TRANSFER_ALLOWANCE_SECONDS;
  return Math.min(MAX_EXPIRY_SECONDS, Math.ceil(seconds));
}

export interface ProcessVideoPayload {
  videoId: number;
}

export async function ensureVideoQueue(queue: PgBoss): Promise<void> {
  await createQueues(queue, [videoProcessQueue]);
}

/** Workers in this process, so a job sent here starts at once instead of at the next poll. */
const localWorkers = new WeakMap<PgBoss, string>();

/** This process works the queue with worker `workerId` (or no longer, with null). */
export function setLocalWorker(queue: PgBoss, workerId: string | null) {
  if (workerId) localWorkers.set(queue, workerId);
  else localWorkers.delete(queue);
}

export function createVideoJobs(queue: PgBoss): VideoJobs {
  return {
    async enqueue(db, videoId, size) {
      const id = await queue.send(VIDEO_PROCESS_QUEUE, { videoId } satisfies ProcessVideoPayload, {
        singletonKey: `${videoId}:process`,
        ...(size ? { expireInSeconds: processingExpirySeconds(size) } : {}),
        // Through the caller's connection: inside its transaction the job commits with the row or not at all.
        db: sqlExecutor(db as Db),
      });
      return id !== null;
    },
    wake() {
      const worker = localWorkers.get(queue);
      if (worker) queue.notifyWorker(worker);
    },
  };
}
