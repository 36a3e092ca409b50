import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppDeps } from '../../platform/deps';
import type { Db } from '../../platform/db';
import { MediaProcessError, UnsupportedMediaError, type MediaTools } from '../../platform/media/media';
import type { Storage } from '../../platform/storage/storage';
import { createUploadStore, sweepExpiredUploads } from './video-uploads';
import { createVideosRepo, type VideoRow, type VideosRepo } from './videos.repo';
import type { VideoJobs } from './videos.service';

export const VIDEO_PROCESS_QUEUE = 'video-process';

/**
 * Payload is the id only; the job re-reads the row. Three retries with exponential back-off (10 s, 20 s,
 * 40 s) for passing trouble (storage, database, a killed process); a file ffmpeg cannot read fails at
 * once. `stately` + the `${videoId}:process` key keeps one queued and one running job per video. Failures
 * end up visible on the video itself (`state: failed`, `failure_reason`).
 */
export const VIDEO_QUEUE_OPTIONS = {
  policy: 'stately',
  retryLimit: 3,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 60 * 60,
} as const;

export interface ProcessVideoPayload {
  videoId: number;
}

export async function ensureVideoQueue(queue: PgBoss): Promise<void> {
  await queue.createQueue(VIDEO_PROCESS_QUEUE, { name: VIDEO_PROCESS_QUEUE, ...VIDEO_QUEUE_OPTIONS });
}

/** Workers in this process, so a job sent here starts at once instead of at the next poll. */
const localWorkers = new WeakMap<PgBoss, string>();

export function createVideoJobs(queue: PgBoss): VideoJobs {
  return {
    async enqueue(videoId) {
      await queue.send(VIDEO_PROCESS_QUEUE, { videoId } satisfies ProcessVideoPayload, {
        singletonKey: `${videoId}:process`,
      });
      const worker = localWorkers.get(queue);
      if (worker) queue.notifyWorker(worker);
    },
  };
}

/** A failure retrying cannot fix: recorded on the video at once. */
class PermanentFailure extends Error {}

export interface ProcessDeps {
  db: Db;
  repo: VideosRepo;
  storage: Storage;
  media: MediaTools;
  tmpDir: string;
  logger: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>;
}

export type ProcessOutcome = 'ready' | 'failed' | 'skipped' | 'retry';

function failureReason(error: unknown): string {
  if (error instanceof PermanentFailure) return error.message;
  if (error instanceof UnsupportedMediaError) return 'One of the files is not a video we can read.';
  if (error instanceof MediaProcessError && error.timedOut) return 'Converting the video took too long.';
  return 'The video could not be converted. Please try another file.';
}

function isPermanent(error: unknown): boolean {
  return (
    error instanceof PermanentFailure ||
    error instanceof UnsupportedMediaError ||
    // ffmpeg exiting with an error on a file is the file's fault; a kill by signal (no exit code) is not.
    (error instanceof MediaProcessError && !error.timedOut && error.exitCode !== null)
  );
}

/**
 * Turns a video's sources into its playable MP4 and thumbnail: download the inputs into a private work
 * folder, join/convert, probe the output for the real duration, store both files, then mark the row ready
 * (only if it is still processing: a deleted video is left alone and its outputs removed). Temporary files
 * always go; uploaded sources go once the outcome is final; merge sources are the other drafts and are
 * removed only by a successful `move`.
 */
export async function processVideo(
  deps: ProcessDeps,
  videoId: number,
  lastAttempt: boolean,
): Promise<ProcessOutcome> {
  const { db, repo, storage, media } = deps;
  const video = await repo.findById(db, videoId);
  if (!video || video.state !== 'processing') return 'skipped';
  const isMerge = video.mergeSourceIds.length > 0;
  const mediaKey = `videos/${videoId}/video.mp4`;
  const thumbnailKey = `videos/${videoId}/thumbnail.jpg`;
  await fsp.mkdir(deps.tmpDir, { recursive: true });
  const work = await fsp.mkdtemp(path.join(deps.tmpDir, `job-${videoId}-`));
  try {
    const inputKeys = isMerge ? await mergeInputs(deps, video) : video.sourceKeys;
    if (inputKeys.length === 0) throw new PermanentFailure('The uploaded files are missing.');
    const clips = [];
    for (const [index, key] of inputKeys.entries()) {
      if (!(await storage.stat(key))) throw new PermanentFailure('The uploaded files are missing.');
      const local = path.join(work, `input-${index}`);
      await pipeline(await storage.read(key), fs.createWriteStream(local));
      clips.push({ path: local, probed: await media.probe(local) });
    }
    const output = path.join(work, 'video.mp4');
    const { copied } = await media.render(clips, output);
    const result = await media.probe(output);
    const thumbnail = path.join(work, 'thumbnail.jpg');
    await media.thumbnail({ path: output, probed: result }, thumbnail);
    await storage.putFile(mediaKey, output, 'video/mp4');
    await storage.putFile(thumbnailKey, thumbnail, 'image/jpeg');
    // The copies of the inputs are no longer needed: gone before anyone sees the video ready.
    await fsp.rm(work, { recursive: true, force: true });

    const { row, removed } = await db.transaction(async (tx) => {
      const row = await repo.finishProcessing(tx, videoId, {
        state: 'ready',
        failureReason: null,
        mediaKey,
        thumbnailKey,
        durationMs: Math.round(result.durationSeconds * 1000),
        sourceKeys: [],
      });
      const removed =
        row && video.mergeAction === 'move'
          ? await repo.deleteDrafts(tx, video.mergeSourceIds, video.ownerId)
          : [];
      return { row, removed };
    });
    if (!row) {
      // Deleted while it was being processed.
      await removeKeys(deps, [mediaKey, thumbnailKey, ...(isMerge ? [] : video.sourceKeys)]);
      return 'skipped';
    }
    await removeKeys(deps, [...(isMerge ? [] : video.sourceKeys), ...removed.flatMap(mediaKeysOf)]);
    deps.logger.info({ videoId, copied, seconds: result.durationSeconds }, 'video ready');
    return 'ready';
  } catch (error) {
    if (!isPermanent(error) && !lastAttempt) {
      deps.logger.warn({ err: error, videoId }, 'video processing failed, will retry');
      throw error;
    }
    deps.logger.error({ err: error, videoId }, 'video processing failed');
    const failed = await repo.finishProcessing(db, videoId, {
      state: 'failed',
      failureReason: failureReason(error),
      sourceKeys: [],
    });
    if (failed) await removeKeys(deps, [mediaKey, thumbnailKey, ...(isMerge ? [] : video.sourceKeys)]);
    return 'failed';
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/** The merged drafts' media, in the chosen order; they must still be there and ready. */
async function mergeInputs(deps: ProcessDeps, video: VideoRow): Promise<string[]> {
  const sources = await deps.repo.findManyOwned(deps.db, video.mergeSourceIds, video.ownerId);
  const byId = new Map(sources.map((row) => [row.id, row]));
  return video.mergeSourceIds.map((id) => {
    const source = byId.get(id);
    if (!source || source.state !== 'ready' || !source.mediaKey)
      throw new PermanentFailure('A video chosen for the merge was removed before the merge finished.');
    return source.mediaKey;
  });
}

const mediaKeysOf = (row: VideoRow) => [row.mediaKey, row.thumbnailKey].filter((key): key is string => !!key);

async function removeKeys(deps: ProcessDeps, keys: string[]) {
  for (const key of keys) {
    await deps.storage
      .delete(key)
      .catch((error: unknown) => deps.logger.error({ err: error, key }, 'could not delete media'));
  }
}

/** Starts the video worker (ROLE=worker|all) and the hourly sweep of abandoned uploads. */
export async function startVideoWorker(deps: AppDeps): Promise<() => Promise<void>> {
  await ensureVideoQueue(deps.queue);
  const repo = createVideosRepo();
  const processDeps: ProcessDeps = {
    db: deps.db,
    repo,
    storage: deps.storage,
    media: deps.media,
    tmpDir: path.join(deps.config.DATA_DIR, 'tmp'),
    logger: deps.logger,
  };
  const workerId = await deps.queue.work<ProcessVideoPayload>(
    VIDEO_PROCESS_QUEUE,
    { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true },
    async ([job]) => {
      if (!job) return;
      await processVideo(processDeps, job.data.videoId, job.retryCount >= job.retryLimit);
    },
  );
  localWorkers.set(deps.queue, workerId);

  const uploads = createUploadStore(deps.config.DATA_DIR);
  const sweep = setInterval(
    () => {
      void sweepExpiredUploads(deps, uploads, repo).catch((error: unknown) =>
        deps.logger.error({ err: error }, 'upload sweep failed'),
      );
    },
    60 * 60 * 1000,
  );
  sweep.unref();

  return async () => {
    clearInterval(sweep);
    localWorkers.delete(deps.queue);
    await deps.queue.offWork(VIDEO_PROCESS_QUEUE);
  };
}
