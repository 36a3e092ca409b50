import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from '../../../platform/queue';
import { deleteQuietly, type Storage } from '../../../platform/storage/storage';
import { VIDEO_PROCESS_QUEUE, type VideoJobs } from './videos.queue';
import type { VideosRepo } from '../videos.repo';

export const INTERRUPTED_REASON =
  'Processing was interrupted and could not be finished. Please upload the video again.';

export interface SweepDeps {
  repo: VideosRepo;
  storage: Storage;
  jobs: VideoJobs;
  logger: Pick<FastifyBaseLogger, 'error' | 'info'>;
}

/**
 * Videos left in `processing` with no job to finish them (the queue lost it, a backup restored the rows
 * without their jobs, a last attempt killed before it could record the outcome) would spin forever in the
 * owner's library. Each is queued again, or, when its job already failed for good, marked failed with a
 * reason and its uploaded sources removed, as the job itself does (docs/decisions/0035). Harmless to run
 * anywhere, any number of times: the singleton key keeps one queued job per video, and the failure only
 * touches a row still processing.
 */
export async function sweepStuckVideos(deps: SweepDeps, batch = 200) {
  const stuck = await deps.repo.processingWithoutLiveJob(VIDEO_PROCESS_QUEUE, batch);
  let requeued = 0;
  let failed = 0;
  for (const video of stuck) {
    if (!video.gaveUp) {
      // No length is known here; the job measures its inputs and asks for the expiry they need.
      await deps.jobs.enqueue(video.id);
      requeued += 1;
      continue;
    }
    const row = await deps.repo.finishProcessing(video.id, {
      state: 'failed',
      failureReason: INTERRUPTED_REASON,
      sourceKeys: [],
    });
    if (!row) continue;
    failed += 1;
    // Uploaded sources go with the failure; a merge's sources are the other drafts and stay.
    await deleteQuietly(deps.storage, video.mergeSourceIds.length > 0 ? [] : video.sourceKeys, deps.logger);
  }
  if (stuck.length > 0) deps.logger.info({ requeued, failed }, 'swept videos stuck in processing');
  return { requeued, failed };
}

/** How long a job may run before its conversion lock must be held: a live worker takes it at once. */
export const CLAIM_GRACE_SECONDS = 30;

/**
 * Conversions whose worker died (its conversion lock is gone with its connection) are failed in pg-boss
 * at once, so its retry, after the queue's back-off, runs on a live worker, instead of the job waiting
 * out its expiry, which has to outlast the longest conversion. The last attempt's failure ends up on the
 * video through sweepStuckVideos, as an expiry would.
 */
export async function takeOverAbandonedConversions(
  deps: Pick<SweepDeps, 'repo' | 'logger'> & { queue: Pick<PgBoss, 'fail'> },
) {
  const abandoned = await deps.repo.abandonedConversionJobs(VIDEO_PROCESS_QUEUE, CLAIM_GRACE_SECONDS);
  if (abandoned.length === 0) return 0;
  for (const job of abandoned)
    await deps.queue.fail(VIDEO_PROCESS_QUEUE, job.jobId, {
      reason: 'the worker converting this video is gone',
    });
  deps.logger.info(
    { videoIds: abandoned.map((job) => job.videoId) },
    'conversions of a gone worker queued again',
  );
  return abandoned.length;
}
