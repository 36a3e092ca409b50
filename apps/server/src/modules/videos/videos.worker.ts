import type { Clock } from '../../platform/clock';
import type { PgBoss } from '../../platform/queue';
import type { QueueWorker } from '../../platform/queues';
import { removeTempLeftovers } from './temp-leftovers';
import { sweepExpiredUploads, type UploadStore } from './video-uploads';
import { processVideo, type ProcessDeps } from './videos.jobs';
import { setLocalWorker, videoProcessQueue, type ProcessVideoPayload, type VideoJobs } from './videos.queue';
import { sweepStuckVideos, takeOverAbandonedConversions } from './videos.sweeper';
import { openConversionClaims } from './conversion-claims';
import type { Database } from '../../platform/db';

export interface VideoWorkerOptions {
  /** How often to look for videos stuck in processing without a job (also once at start). */
  stuckSweepIntervalMs?: number;
  /** How often to look for conversions whose worker died (their jobs are then retried elsewhere). */
  abandonedSweepIntervalMs?: number;
}

export interface VideoWorkerParts extends ProcessDeps {
  queue: PgBoss;
  jobs: VideoJobs;
  uploads: UploadStore;
  clock: Clock;
  dataDir: string;
  database: Database;
}

/**
 * The video worker (ROLE=worker|all): the `video.process` jobs, the sweeper of videos left processing
 * without a job (at start and every minute), the takeover of conversions whose worker died (every 15 s,
 * see conversion-claims.ts), and the hourly sweep of abandoned uploads; on start it first
 * removes temporary leftovers.
 */
export function createVideoWorker(
  parts: VideoWorkerParts,
  tuning: () => VideoWorkerOptions | undefined,
): QueueWorker {
  return {
    queue: videoProcessQueue,
    label: videoProcessQueue.name,
    start: () => startVideoWorker(parts, tuning() ?? {}),
  };
}

async function startVideoWorker(
  parts: VideoWorkerParts,
  options: VideoWorkerOptions,
): Promise<() => Promise<void>> {
  const { queue, uploads, logger } = parts;
  await removeTempLeftovers(parts.dataDir, parts.clock, logger);
  const claims = await openConversionClaims(parts.database, logger);
  const workerId = await queue.work<ProcessVideoPayload>(
    videoProcessQueue.name,
    { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true },
    async ([job]) => {
      if (!job) return;
      const videoId = job.data.videoId;
      if (!(await claims.hold(videoId)))
        logger.warn({ videoId }, 'another live process holds this conversion; converting anyway');
      try {
        await processVideo(parts, videoId, {
          lastAttempt: job.retryCount >= job.retryLimit,
          expireInSeconds: job.expireInSeconds,
        });
      } finally {
        await claims.release(videoId);
      }
    },
  );
  setLocalWorker(queue, workerId);

  let sweeping: Promise<unknown> | null = null;
  const sweepStuck = () =>
    (sweeping ??= sweepStuckVideos(parts)
      .catch((error: unknown) => logger.error({ err: error }, 'stuck video sweep failed'))
      .finally(() => {
        sweeping = null;
      }));
  await sweepStuck();
  const stuckTimer = setInterval(() => void sweepStuck(), options.stuckSweepIntervalMs ?? 60_000);
  stuckTimer.unref();

  let takingOver: Promise<unknown> | null = null;
  const takeOver = () =>
    (takingOver ??= takeOverAbandonedConversions(parts)
      .catch((error: unknown) => logger.error({ err: error }, 'abandoned conversion sweep failed'))
      .finally(() => {
        takingOver = null;
      }));
  const takeOverTimer = setInterval(() => void takeOver(), options.abandonedSweepIntervalMs ?? 15_000);
  takeOverTimer.unref();

  const uploadTimer = setInterval(
    () => {
      void sweepExpiredUploads(parts, uploads).catch((error: unknown) =>
        logger.error({ err: error }, 'upload sweep failed'),
      );
    },
    60 * 60 * 1000,
  );
  uploadTimer.unref();

  return async () => {
    clearInterval(stuckTimer);
    clearInterval(uploadTimer);
    clearInterval(takeOverTimer);
    setLocalWorker(queue, null);
    await queue.offWork(videoProcessQueue.name);
    await sweeping;
    await takingOver;
    await claims.close();
  };
}
