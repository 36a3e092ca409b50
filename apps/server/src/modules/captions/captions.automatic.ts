import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { AUTOMATIC_CAPTION_MESSAGES, parseCaptions, toWebVtt, type AutomaticCaptions } from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import type { Db, DbTx } from '../../platform/db';
import { AppError, conflict } from '../../platform/errors';
import { sendJob } from '../../platform/jobs';
import type { MediaTools } from '../../platform/media/media';
import type { RecognizerLoad } from '../../platform/media/recognizer';
import type { PgBoss } from '../../platform/queue';
import { deleteQuietly, type Storage } from '../../platform/storage/storage';
import type { CaptionsVideos } from './captions.videos';
import { CAPTION_KEY_PREFIX, type CaptionsRepo } from './captions.repo';
import { captionsRecognizeQueue } from './captions.queue';

export interface AutomaticCaptionsDeps {
  db: Db;
  repo: CaptionsRepo;
  storage: Storage;
  media: Pick<MediaTools, 'speechAudio'>;
  clock: Clock;
  queue: PgBoss;
  logger: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  videos: CaptionsVideos;
  /** The recognizer as the start found it (docs/operations.md §Automatic captions). */
  recognition: RecognizerLoad;
  /** Where a job's decrypted copy of the video and its sound live while it runs (DATA_DIR/tmp). */
  tmpDir: string;
}

/** The language of a model that named none: BCP 47's "undetermined", which the owner can change. */
const UNDETERMINED = 'und';
/** Progress is written every this many percent, not at every piece. */
const PROGRESS_STEP = 5;

const isNotFound = (error: unknown) => error instanceof AppError && error.status === 404;

/**
 * Automatic captions (docs/product.md §4.7): after a video's conversion, its sound is read, cut where it
 * speaks, recognized piece by piece on one thread, and stored as a draft track the owner reviews and
 * accepts before anyone else sees it. A track the owner wrote or accepted is never replaced; a draft is
 * (a retry, a trim done again): one track per video and language, always.
 */
export function createAutomaticCaptions(deps: AutomaticCaptionsDeps) {
  const { db, repo, storage, clock, logger, videos, recognition } = deps;
  const recognizer = recognition.status === 'ready' ? recognition.recognizer : null;

  async function stateOf(videoId: number): Promise<AutomaticCaptions> {
    const job = await repo.jobOf(videoId);
    return { available: recognizer !== null, state: job?.state ?? null, progress: job?.progress ?? null };
  }

  /** Queues the video's job through `tx` (it commits with the rows or not at all); nothing without a model. */
  async function queue(videoId: number, tx: DbTx): Promise<void> {
    if (!recognizer) return;
    await repo.queueJob(videoId, clock.now(), tx);
    await sendJob(deps.queue, captionsRecognizeQueue, { videoId }, { singletonKey: `${videoId}`, tx });
  }

  /** Stores the cues as the video's draft, unless its owner's own or accepted track holds the language. */
  async function storeDraft(
    videoId: number,
    ownerId: number,
    cues: ReturnType<typeof parsed>,
    language: string,
  ) {
    const key = `${CAPTION_KEY_PREFIX}${randomBytes(16).toString('hex')}.vtt`;
    await storage.put(key, Buffer.from(toWebVtt(cues)), 'text/vtt');
    let previous: string | null = null;
    let written = false;
    try {
      written = await db.transaction(async (tx) => {
        try {
          // The video's row, locked: a deletion waits, and the owner's save of the same language goes in turn.
          await videos.require({ id: ownerId }, 'video.own', videoId, { lock: true, tx });
        } catch (error) {
          if (isNotFound(error)) return false;
          throw error;
        }
        const existing = await repo.find(videoId, language, tx);
        const keep = existing && (existing.source !== 'automatic' || existing.status !== 'draft');
        if (!keep) {
          await repo.upsert(
            {
              videoId,
              ownerId,
              language,
              source: 'automatic',
              status: 'draft',
              objectKey: key,
              cueCount: cues.length,
              updatedAt: clock.now(),
            },
            tx,
          );
          previous = existing?.objectKey ?? null;
        }
        await repo.setJob(videoId, { state: 'done', progress: 100, updatedAt: clock.now() }, tx);
        return !keep;
      });
    } finally {
      await deleteQuietly(storage, [written ? previous : key], logger);
    }
  }

  /** The job: ends quietly when the video is gone or not ready; a failure on the last attempt is shown. */
  async function run(videoId: number, lastAttempt: boolean): Promise<void> {
    const video = await videos.media(videoId);
    if (!video || video.state !== 'ready' || !video.mediaKey) return;
    if (!recognizer) {
      // Queued by a process that had the model, run by one that has not: the owner sees it failed.
      logger.error({ videoId }, 'automatic captions queued, but this worker has no recognizer');
      await repo.setJob(videoId, { state: 'failed', progress: 0, updatedAt: clock.now() });
      return;
    }
    await repo.setJob(videoId, { state: 'running', progress: 0, updatedAt: clock.now() });
    // The decrypted video and its sound live only in this job's folder (mkdtemp: 0700), removed after.
    await fsp.mkdir(deps.tmpDir, { recursive: true, mode: 0o700 });
    const work = await fsp.mkdtemp(path.join(deps.tmpDir, `captions-${videoId}-`));
    try {
      const mp4 = path.join(work, 'video.mp4');
      await pipeline(await storage.read(video.mediaKey), fs.createWriteStream(mp4, { mode: 0o600 }));
      const sound = path.join(work, 'speech.f32');
      await deps.media.speechAudio(mp4, sound);
      await fsp.rm(mp4, { force: true });
      const samples = floats(await fsp.readFile(sound));
      let shown = 0;
      const { cues, language } = await recognizer.transcribe(samples, {
        async progress(done, total) {
          // 100 is written with the track, in its transaction: "done" means the draft is there.
          const percent = Math.min(99, Math.floor((done / total) * 100));
          if (percent < shown + PROGRESS_STEP) return;
          shown = percent;
          await repo.setJob(videoId, { state: 'running', progress: percent, updatedAt: clock.now() });
        },
      });
      const kept = parsed(cues);
      if (kept.length === 0) {
        // Nothing was said (or heard): no track, and the owner sees the job done.
        await repo.setJob(videoId, { state: 'done', progress: 100, updatedAt: clock.now() });
        return;
      }
      await storeDraft(videoId, video.ownerId, kept, language ?? UNDETERMINED);
      logger.info({ videoId, cues: kept.length, language }, 'automatic captions written');
    } catch (error) {
      // A video deleted while its sound was read: nothing to do, and nothing to retry.
      if ((await videos.media(videoId).catch(() => undefined)) === null) return;
      if (!lastAttempt) {
        logger.warn({ err: error, videoId }, 'automatic captions failed, will retry');
        throw error;
      }
      logger.error({ err: error, videoId }, 'automatic captions failed');
      await repo.setJob(videoId, { state: 'failed', progress: 0, updatedAt: clock.now() });
    } finally {
      await fsp.rm(work, { recursive: true, force: true });
    }
  }

  return {
    available: recognizer !== null,
    stateOf,
    queue,
    run,

    /** The owner asks for automatic captions of a ready video: 409 without a model or before it is ready. */
    async request(actor: { id: number }, videoId: number): Promise<AutomaticCaptions> {
      const video = await videos.require(actor, 'video.own', videoId);
      if (!recognizer) throw conflict(AUTOMATIC_CAPTION_MESSAGES.notSetUp);
      if (video.state !== 'ready' || !video.mediaKey) throw conflict(AUTOMATIC_CAPTION_MESSAGES.notReady);
      await db.transaction(async (tx) => {
        await videos.require(actor, 'video.own', videoId, { lock: true, tx });
        await queue(videoId, tx);
      });
      return stateOf(videoId);
    },
  };
}

/** The cues as a kept file holds them (what the owner's editor will read back). */
function parsed(cues: Parameters<typeof toWebVtt>[0]) {
  const read = parseCaptions(toWebVtt(cues), 'vtt');
  if (!read.ok) throw new Error(`automatic captions are not a valid file: ${read.message}`);
  return read.cues;
}

/** ffmpeg's raw 32-bit float samples (little-endian, as every server this runs on). */
function floats(bytes: Buffer): Float32Array {
  const count = Math.floor(bytes.byteLength / 4);
  if (bytes.byteOffset % 4 === 0) return new Float32Array(bytes.buffer, bytes.byteOffset, count);
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + count * 4));
}

export type AutomaticCaptionsService = ReturnType<typeof createAutomaticCaptions>;
