import type { Clock } from '../../platform/clock';
import type { PgBoss } from '../../platform/queue';
import type { QueueWorker } from '../../platform/queues';
import { removeTempLeftovers } from './temp-leftovers';
import { sweepExpiredUploads, type UploadStore } from './video-uploads';
import { processVideo, type ProcessDeps } from './videos.jobs';
import { setLocalWorker, videoProcessQueue, type ProcessVideoPayload, type VideoJobs } from './videos.queue';
import { sweepStuckVideos } from './videos.sweeper';

export interface VideoWorkerOptions {
  /** How often to look for videos stuck in processing without a job (also once at start). */
  stuckSweepIntervalMs?: number;
}

export interface VideoWorkerParts extends ProcessDeps {
  queue: PgBoss;
  jobs: VideoJobs;
  uploads: UploadStore;
  clock: Clock;
  dataDir: string;
}

/**
 * The video worker (ROLE=worker|all): the `video.process` jobs, the sweeper of videos left processing
 * without a job (at start and every minute), and the hourly sweep of abandoned uploads; on start it first
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
  const workerId = await queue.work<ProcessVideoPayload>(
    videoProcessQueue.name,
    { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true },
    async ([job]) => {
      if (!job) return;
      await processVideo(parts, job.data.videoId, {
        lastAttempt: job.retryCount >= job.retryLimit,
        expireInSeconds: job.expireInSeconds,
      });
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
    setLocalWorker(queue, null);
    await queue.offWork(videoProcessQueue.name);
    await sweeping;
  };
}
