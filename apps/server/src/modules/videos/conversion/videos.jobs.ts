import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { FREE_VIDEO_SECONDS } from '@pw/contracts';
import type { Db, DbTx } from '../../../platform/db';
import {
  keptSeconds,
  MediaProcessError,
  UnsupportedMediaError,
  type MediaTools,
} from '../../../platform/media/media';
import { deleteQuietly, type Storage } from '../../../platform/storage/storage';
import { allowanceMessage } from '../allowance';
import type { VideoPayments } from '../payments-hook';
import { processingExpirySeconds, type VideoJobs } from './videos.queue';
import type { VideoRow, VideosRepo } from '../videos.repo';

/** A failure retrying cannot fix: recorded on the video at once. */
class PermanentFailure extends Error {}

/**
 * How far a processed video may run past its allowance: the last frame or audio packet of a cut may end a
 * little after the cut. Anything longer was not paid for and is never kept.
 */
export const OUTPUT_TOLERANCE_SECONDS = 0.5;

/** Refuses a length over the video's allowance (null: saved before allowances were recorded). */
function checkLength(allowance: number | null, seconds: number) {
  if (allowance !== null && seconds > allowance + OUTPUT_TOLERANCE_SECONDS)
    throw new PermanentFailure(allowanceMessage(allowance));
}

export interface ProcessDeps {
  db: Db;
  repo: VideosRepo;
  storage: Storage;
  media: MediaTools;
  /** To queue the video again with a longer expiry (see ProcessOptions.expireInSeconds). */
  jobs: Pick<VideoJobs, 'enqueue'>;
  /** A failed video gives back the extra time it used. */
  payments: Pick<VideoPayments, 'release'>;
  tmpDir: string;
  logger: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>;
  /** Told, in the transaction that makes a video's new media ready, so work on that media commits with it. */
  mediaReady?: MediaReady;
}

/**
 * What the videos module tells when a video's media is new and ready (a conversion, a merge, a trim done
 * again), called inside that transaction and writing through it: the captions module queues its automatic
 * captions there, so a ready video never misses its job and a rolled-back one never has one.
 */
export type MediaReady = (videoId: number, tx: DbTx) => Promise<void>;

export interface ProcessOptions {
  /** pg-boss will not retry: a passing failure is recorded on the video instead of thrown. */
  lastAttempt: boolean;
  /**
   * The running job's expiry. A job given less than its inputs' conversion may take (one the sweeper
   * queued without knowing the length) queues the video again with enough, rather than be overtaken by its
   * own retry.
   */
  expireInSeconds?: number;
}

export type ProcessOutcome = 'ready' | 'failed' | 'skipped' | 'requeued';

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
 *
 * Each run writes its outputs under keys of its own, and removes only those: if two runs of one video ever
 * overlap (a job overtaken by its retry), the one that comes second can never delete the media the first
 * made ready.
 */
export async function processVideo(
  deps: ProcessDeps,
  videoId: number,
  options: ProcessOptions,
): Promise<ProcessOutcome> {
  const { db, repo, storage, media } = deps;
  const video = await repo.findById(videoId);
  if (!video || video.state !== 'processing') return 'skipped';
  const isMerge = video.mergeSourceIds.length > 0;
  // A ready draft trimmed again (draft-trim.service.ts): its one source is its own current media, which
  // stays its media until the new cut replaces it, and is never removed on a failure.
  const recut = video.mediaKey !== null;
  const runKey = `videos/${videoId}/${randomBytes(6).toString('hex')}`;
  const mediaKey = `${runKey}/video.mp4`;
  const thumbnailKey = `${runKey}/thumbnail.jpg`;
  // The decrypted inputs and the output live only in this job's folder (mkdtemp: 0700), removed after.
  await fsp.mkdir(deps.tmpDir, { recursive: true, mode: 0o700 });
  const work = await fsp.mkdtemp(path.join(deps.tmpDir, `job-${videoId}-`));
  try {
    const inputKeys = isMerge ? await mergeInputs(deps, video) : video.sourceKeys;
    if (inputKeys.length === 0) throw new PermanentFailure('The uploaded files are missing.');
    const clips = [];
    for (const [index, key] of inputKeys.entries()) {
      if (!(await storage.stat(key))) throw new PermanentFailure('The uploaded files are missing.');
      const local = path.join(work, `input-${index}`);
      await pipeline(await storage.read(key), fs.createWriteStream(local, { mode: 0o600 }));
      // A merge joins whole drafts; an upload's clips are cut where the owner trimmed them.
      const trim = isMerge ? null : (video.sourceTrims[index] ?? null);
      clips.push({ path: local, probed: await media.probe(local), trim });
    }
    const size = {
      clips: clips.length,
      seconds: clips.reduce((sum, c) => sum + c.probed.durationSeconds, 0),
    };
    // A job with less time than this conversion may take would be failed by pg-boss mid-run and retried
    // beside it: it hands the video to a new job with enough time instead (the sweeper's jobs are sent
    // before anyone measured the video). If a job is queued already, this one goes on: should the two ever
    // overlap, the keys of its own keep the first one's ready media safe.
    const tooShort =
      options.expireInSeconds !== undefined && processingExpirySeconds(size) > options.expireInSeconds;
    if (tooShort && (await deps.jobs.enqueue(videoId, size))) {
      deps.logger.info({ videoId, ...size }, 'video queued again with a longer expiry');
      return 'requeued';
    }
    // The clips are measured again here, from their streams: what was charged is what is produced. The
    // output is cut at the allowance and measured too, copied or converted.
    checkLength(
      video.allowanceSeconds,
      clips.reduce((sum, clip) => sum + keptSeconds(clip), 0),
    );
    const output = path.join(work, 'video.mp4');
    const { copied } = await media.render(clips, output, undefined, video.allowanceSeconds ?? undefined);
    const result = await media.probe(output);
    checkLength(video.allowanceSeconds, result.durationSeconds);
    const thumbnail = path.join(work, 'thumbnail.jpg');
    await media.thumbnail({ path: output, probed: result }, thumbnail);
    await storage.putFile(mediaKey, output, 'video/mp4');
    await storage.putFile(thumbnailKey, thumbnail, 'image/jpeg');
    // The copies of the inputs are no longer needed: gone before anyone sees the video ready.
    await fsp.rm(work, { recursive: true, force: true });

    const { row, removed } = await db.transaction(async (tx) => {
      const row = await repo.finishProcessing(
        videoId,
        {
          state: 'ready',
          failureReason: null,
          mediaKey,
          thumbnailKey,
          durationMs: Math.round(result.durationSeconds * 1000),
          sourceKeys: [],
          sourceTrims: [],
          ...(recut ? await rechargeRecut(deps, video, result.durationSeconds, tx) : {}),
        },
        tx,
      );
      if (row) await deps.mediaReady?.(videoId, tx);
      const removed =
        row && video.mergeAction === 'move'
          ? await repo.deleteDrafts(video.mergeSourceIds, video.ownerId, tx)
          : [];
      return { row, removed };
    });
    if (!row) {
      // Deleted while it was being processed.
      await removeKeys(deps, [mediaKey, thumbnailKey, ...(isMerge ? [] : video.sourceKeys)]);
      return 'skipped';
    }
    await removeKeys(deps, [
      ...(isMerge ? [] : video.sourceKeys),
      ...(recut && video.thumbnailKey ? [video.thumbnailKey] : []),
      ...removed.flatMap(mediaKeysOf),
    ]);
    deps.logger.info({ videoId, copied, seconds: result.durationSeconds }, 'video ready');
    return 'ready';
  } catch (error) {
    await discardOutputs(deps, videoId, [mediaKey, thumbnailKey]);
    if (!isPermanent(error) && !options.lastAttempt) {
      deps.logger.warn({ err: error, videoId }, 'video processing failed, will retry');
      throw error;
    }
    deps.logger.error({ err: error, videoId }, 'video processing failed');
    if (recut) {
      // The draft stays as it was, its media untouched; the reason tells its owner the trim was not made.
      await repo.finishProcessing(videoId, {
        state: 'ready',
        failureReason: failureReason(error),
        sourceKeys: [],
        sourceTrims: [],
      });
      return 'failed';
    }
    const failed = await db.transaction(async (tx) => {
      const row = await repo.finishProcessing(
        videoId,
        { state: 'failed', failureReason: failureReason(error), sourceKeys: [], sourceTrims: [] },
        tx,
      );
      if (row) await deps.payments.release(videoId, tx);
      return row;
    });
    if (failed && !isMerge) await removeKeys(deps, video.sourceKeys);
    return 'failed';
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/**
 * What a draft trimmed again is charged (docs/product.md §3.4): its new length. Cut to within the free
 * length, the extra time it used is the account's again, for a later video.
 */
async function rechargeRecut(deps: ProcessDeps, video: VideoRow, seconds: number, tx: DbTx) {
  if (video.allowanceSeconds === null || video.allowanceSeconds <= FREE_VIDEO_SECONDS) return {};
  if (seconds > FREE_VIDEO_SECONDS + OUTPUT_TOLERANCE_SECONDS) return {};
  await deps.payments.release(video.id, tx);
  return { allowanceSeconds: FREE_VIDEO_SECONDS };
}

/** The merged drafts' media, in the chosen order; they must still be there and ready. */
async function mergeInputs(deps: ProcessDeps, video: VideoRow): Promise<string[]> {
  const sources = await deps.repo.findManyOwned(video.mergeSourceIds, video.ownerId);
  const byId = new Map(sources.map((row) => [row.id, row]));
  return video.mergeSourceIds.map((id) => {
    const source = byId.get(id);
    if (!source || source.state !== 'ready' || !source.mediaKey)
      throw new PermanentFailure('A video chosen for the merge was removed before the merge finished.');
    return source.mediaKey;
  });
}

/**
 * Removes what this run stored, unless the row points at it after all (the ready commit went through but
 * its reply was lost). When the row cannot be read, the files stay: a stray file is better than a ready
 * video without its media.
 */
async function discardOutputs(deps: ProcessDeps, videoId: number, keys: string[]) {
  const row = await deps.repo.findById(videoId).catch(() => undefined);
  if (row === undefined || (row?.mediaKey && keys.includes(row.mediaKey))) return;
  await removeKeys(deps, keys);
}

const mediaKeysOf = (row: VideoRow) => [row.mediaKey, row.thumbnailKey].filter((key): key is string => !!key);

const removeKeys = (deps: ProcessDeps, keys: string[]) => deleteQuietly(deps.storage, keys, deps.logger);
