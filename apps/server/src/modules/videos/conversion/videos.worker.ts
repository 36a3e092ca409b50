import type { Clock } from '../../../platform/clock';
import type { PgBoss } from '../../../platform/queue';
import { handle } from '../../../platform/jobs';
import type { AppModule } from '../../../platform/module';
import { removeTempLeftovers } from '../uploads';
import { sweepExpiredUploads, type UploadStore } from '../uploads';
import { processVideo, type ProcessDeps } from './videos.jobs';
import {
  videoProcessQueue,
  videoStuckSweepQueue,
  videoTakeOverQueue,
  videoUploadSweepQueue,
  type VideoJobs,
} from './videos.queue';
import { sweepStuckVideos, takeOverAbandonedConversions } from './videos.sweeper';
import { openConversionClaims, type ConversionClaims } from '../conversion-claims';
import type { Database } from '../../../platform/db';

export interface VideoWorkerOptions {
  /** How often to look for videos stuck in processing without a job (also once as each worker starts). */
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

/** A period in milliseconds as a schedule (whole seconds, at least one). */
const every = (ms: number | undefined) =>
  ms === undefined ? {} : { schedule: { everySeconds: Math.max(1, Math.round(ms / 1000)) } };

/**
 * The video module's handlers (ROLE=worker|all): the `video.process` jobs, each converted under its
 * conversion lock (see conversion-claims.ts); the sweep of videos left processing without a job (every
 * minute, and as each worker starts); the takeover of conversions whose worker died (every 15 s); and the
 * hourly sweep of abandoned uploads. A worker first removes temporary leftovers.
 */
export function videoHandlers(
  parts: VideoWorkerParts,
  tuning: () => VideoWorkerOptions | undefined,
): Pick<AppModule, 'handlers' | 'worker'> {
  const { logger } = parts;
  let claims: ConversionClaims | undefined;
  return {
    handlers: [
      handle(videoProcessQueue, async (job) => {
        const videoId = job.data.videoId;
        if (!(await claims!.hold(videoId)))
          logger.warn({ videoId }, 'another live process holds this conversion; converting anyway');
        try {
          await processVideo(parts, videoId, {
            lastAttempt: job.lastAttempt,
            expireInSeconds: job.expireInSeconds,
          });
        } finally {
          await claims!.release(videoId);
        }
      }),
      handle(
        videoStuckSweepQueue,
        () => sweepStuckVideos(parts),
        () => every(tuning()?.stuckSweepIntervalMs),
      ),
      handle(
        videoTakeOverQueue,
        () => takeOverAbandonedConversions(parts),
        () => every(tuning()?.abandonedSweepIntervalMs),
      ),
      handle(videoUploadSweepQueue, () => sweepExpiredUploads(parts, parts.uploads)),
    ],
    worker: {
      async start() {
        await removeTempLeftovers(parts.dataDir, parts.clock, logger);
        claims = await openConversionClaims(parts.database, logger);
        await sweepStuckVideos(parts).catch((error: unknown) =>
          logger.error({ err: error }, 'stuck video sweep failed'),
        );
      },
      stop: async () => {
        await claims?.close();
      },
    },
  };
}
