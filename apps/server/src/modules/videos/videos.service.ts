import { randomUUID } from 'node:crypto';
import {
  FOLDER_OCCUPIED_MESSAGE,
  FREE_VIDEO_SECONDS,
  NO_VIDEO_FOR_CODE_MESSAGE,
  ONLY_VIDEO_MESSAGE,
  VIDEOS_MERGED_MESSAGE,
  videoFolderLabels,
  type Video,
  type VideoCopyMoveBody,
  type VideoStoreBody,
  type VideoUpdateTypeBody,
} from '@pw/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx, DbTx } from '../../platform/db';
import { conflict, invalid, notFound } from '../../platform/errors';
import type { UploadedFile } from '../../platform/http/body';
import { UnsupportedMediaError, type MediaTools } from '../../platform/media/media';
import { deleteQuietly, type Storage } from '../../platform/storage/storage';
import { extractHashtags, newAccessCode, newSearchCode, normaliseCode } from './codes';
import { mergedTitle } from './merge-title';
import type { VideoPayments } from './payments-hook';
import { zonedToInstant } from './schedule-time';
import type { DeliveryScheduler } from './scheduler';
import type { UploadStore } from './video-uploads';
import type { ConversionSize } from './videos.queue';
import type { NewVideoRow, VideoRow, VideosRepo, VideoView } from './videos.repo';
import type { VideoFolder } from './videos.schema';
import { toVideoJson } from './videos.view';

export interface VideoJobs {
  /**
   * Queues processing of a video (deduplicated per video) through `db`: given the transaction that creates
   * the row, the job commits with it or not at all. `size`, when known, sets how long the job may run.
   * False when the video already had a queued job (which is then the one that runs).
   */
  enqueue(db: DbOrTx, videoId: number, size?: ConversionSize): Promise<boolean>;
  /** Lets this process's worker take the job at once instead of at its next poll (after the commit). */
  wake(): void;
}

export interface VideoServiceDeps {
  db: Db;
  repo: VideosRepo;
  storage: Storage;
  media: MediaTools;
  clock: Clock;
  scheduler: DeliveryScheduler;
  payments: VideoPayments;
  jobs: VideoJobs;
  uploads: UploadStore;
  secret: string;
  logger: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

export interface Actor {
  id: number;
}

export const NOT_FOUND_MESSAGE = 'Video not found.';
/** Scheduling a delivered video again: a new delivery, worded as one. */
export const RESEND_MESSAGE = 'Video scheduled to be sent again';
/** Containers round lengths a little (audio frames, timestamps): a "60 s" recording may probe as 60.05 s. */
const LENGTH_TOLERANCE_SECONDS = 0.25;

/**
 * Folder moves the spec's screens offer (§4): from "My Parting Words" to scheduled; from drafts to
 * scheduled; from scheduled to drafts or "My Parting Words". Staying in the same folder is allowed (it is a
 * no-op, or a schedule change for the scheduled folder).
 */
export const FOLDER_MOVES: Readonly<Record<VideoFolder, readonly VideoFolder[]>> = {
  final: ['final', 'scheduled'],
  draft: ['draft', 'scheduled'],
  scheduled: ['scheduled', 'draft', 'final'],
};

const allowanceMessage = (seconds: number) =>
  `The video is longer than your ${seconds} seconds allowance. Buy extra time to save it.`;

function uniqueViolation(error: unknown): string | null {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return null;
}

/** The final folder's unique index is the last word on "one video there": its violation is the same 409. */
function mapConflicts(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint !== null && constraint.includes('one_final')) throw conflict(FOLDER_OCCUPIED_MESSAGE);
  throw error;
}

interface Schedule {
  recipientEmail: string;
  dueAt: Date;
  timezone: string;
}

interface Source {
  path: string;
  name: string;
  uploadId?: string;
}

export function createVideoService(deps: VideoServiceDeps) {
  const { db, repo, storage, media, clock, scheduler, payments, jobs, uploads } = deps;

  const json = (view: VideoView, viewerId: number, showCreatorEmail = false): Video =>
    toVideoJson(view, { viewerId, secret: deps.secret, now: clock.now(), showCreatorEmail });

  async function viewOf(db: DbOrTx, id: number, viewerId: number): Promise<Video> {
    const view = await repo.view(db, id, viewerId);
    if (!view) throw notFound(NOT_FOUND_MESSAGE);
    return json(view, viewerId);
  }

  async function owned(db: DbOrTx, id: number, ownerId: number, lock = false): Promise<VideoRow> {
    const video = await repo.findOwned(db, id, ownerId, lock);
    if (!video) throw notFound(NOT_FOUND_MESSAGE);
    return video;
  }

  /** Date + time in the owner's zone → a future instant, or the 422 the scheduling form shows. */
  function scheduleFrom(
    body: Pick<VideoStoreBody, 'email' | 'share_at_date' | 'share_at_time' | 'timezone'>,
  ): Schedule {
    const timezone = body.timezone!.trim();
    const dueAt = zonedToInstant(body.share_at_date!.trim(), body.share_at_time!.trim(), timezone);
    if (!dueAt) throw invalid('share_at_date', 'The share at date is not a valid date.');
    if (dueAt.getTime() <= clock.now().getTime())
      throw invalid('share_at_date', 'The share date and time must be in the future.');
    return { recipientEmail: body.email!.trim().toLowerCase(), dueAt, timezone };
  }

  /** Free seconds plus what a passed payment buys; refuses a total over it. */
  async function checkAllowance(
    totalSeconds: number,
    ownerId: number,
    paymentId: string | undefined,
    field: string,
  ) {
    const extra = paymentId ? await payments.paymentAllowance(paymentId, ownerId) : 0;
    const allowed = FREE_VIDEO_SECONDS + extra;
    if (totalSeconds > allowed + LENGTH_TOLERANCE_SECONDS) throw invalid(field, allowanceMessage(allowed));
    // The payment is used only when the free time was not enough.
    return {
      consumePayment: paymentId !== undefined && totalSeconds > FREE_VIDEO_SECONDS + LENGTH_TOLERANCE_SECONDS,
    };
  }

  async function finalOccupied(db: DbOrTx, ownerId: number, exceptId?: number) {
    const existing = await repo.finalOf(db, ownerId);
    if (existing && existing.id !== exceptId) throw conflict(FOLDER_OCCUPIED_MESSAGE);
  }

  const deleteKeys = (keys: Array<string | null | undefined>) => deleteQuietly(storage, keys, deps.logger);

  /**
   * Moves the sources into storage (a rename for local storage), so a worker anywhere can read them. If
   * this or anything after it fails, `putBack` undoes it.
   */
  async function moveIntoStorage(sources: Source[]): Promise<string[]> {
    const prefix = `sources/${randomUUID()}`;
    const keys: string[] = [];
    try {
      for (const [index, source] of sources.entries()) {
        const key = `${prefix}/${index}`;
        await storage.putFile(key, source.path);
        keys.push(key);
      }
    } catch (error) {
      await putBack(sources, keys);
      throw error;
    }
    return keys;
  }

  /**
   * A refused or failed store call keeps the person's finished uploads: each one moved into storage goes
   * back to its upload, so the same upload id can be stored again once the reason is fixed (a folder
   * emptied, the form corrected) until the upload expires. Multipart files belonged to the request only.
   */
  async function putBack(sources: Source[], keys: string[]) {
    const returned: string[] = [];
    for (const [index, key] of keys.entries()) {
      const uploadId = sources[index]!.uploadId;
      if (!uploadId) continue;
      try {
        await uploads.putBack(uploadId, await storage.read(key));
        returned.push(key);
      } catch (error) {
        // Left in storage rather than lost: the log names where the upload's bytes are.
        deps.logger.error({ err: error, key, uploadId }, 'could not return an upload');
      }
    }
    await deleteKeys(keys.filter((key, index) => !sources[index]!.uploadId || returned.includes(key)));
  }

  /** Inserts a video with fresh codes, retrying the (very unlikely) search-code collision. */
  async function insertVideo(
    build: (tx: DbTx, video: VideoRow) => Promise<void>,
    values: Omit<NewVideoRow, 'searchCode' | 'accessCode'>,
  ) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await db.transaction(async (tx) => {
          const video = await repo.insert(tx, {
            ...values,
            searchCode: newSearchCode(),
            accessCode: values.folder === 'final' ? newAccessCode() : null,
          });
          await build(tx, video);
          return video;
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint !== null && /code/.test(constraint) && attempt < 3) continue;
        mapConflicts(error);
      }
    }
  }

  return {
    /** One upload is one video: the clips are checked, measured, stored and queued to be joined in order. */
    async store(actor: Actor, body: VideoStoreBody, files: UploadedFile[]) {
      const sources: Source[] = files
        .filter((file) => file.field === 'videos[]' || file.field === 'videos')
        .map((file) => ({ path: file.path, name: file.filename }));
      for (const id of body.upload_ids) {
        const row = uploads.isUploadId(id) ? await repo.findUpload(db, id) : null;
        if (!row || row.ownerId !== actor.id) throw invalid('upload_ids', 'The upload was not found.');
        const progress = await uploads.progress(id);
        if (!progress || progress.size === null || progress.offset !== progress.size)
          throw invalid('upload_ids', 'The upload is not finished yet.');
        sources.push({ path: uploads.pathOf(id), name: progress.filename ?? '', uploadId: id });
      }
      if (sources.length === 0) throw invalid('videos', 'Please choose at least one video.');
      // Cheap refusals first, before any file is read.
      const schedule = body.type === 'scheduled' ? scheduleFrom(body) : null;
      if (body.type === 'final') await finalOccupied(db, actor.id);

      let totalSeconds = 0;
      for (const source of sources) {
        try {
          totalSeconds += (await media.probe(source.path)).durationSeconds;
        } catch (error) {
          if (!(error instanceof UnsupportedMediaError)) throw error;
          // A finished upload that is not a video is of no further use: nothing is left behind.
          if (source.uploadId) {
            await uploads.remove(source.uploadId);
            await repo.deleteUploads(db, [source.uploadId]);
          }
          throw invalid('videos', ONLY_VIDEO_MESSAGE);
        }
      }
      const { consumePayment } = await checkAllowance(totalSeconds, actor.id, body.payment_id, 'videos');

      const sourceKeys = await moveIntoStorage(sources);
      const title = body.title ?? titleFromFileName(sources[0]!.name);
      const description = body.description ?? '';
      let video: VideoRow;
      try {
        video = await insertVideo(
          async (tx, created) => {
            if (schedule)
              await scheduler.schedule({ videoId: created.id, ownerId: actor.id, ...schedule }, tx);
            if (consumePayment) await payments.consume(body.payment_id!, actor.id, created.id, tx);
            await jobs.enqueue(tx, created.id, { clips: sources.length, seconds: totalSeconds });
          },
          {
            ownerId: actor.id,
            title,
            description,
            hashtags: extractHashtags(title, description),
            folder: body.type,
            state: 'processing',
            sourceKeys,
            recipientEmail: schedule?.recipientEmail ?? null,
            shareAt: schedule?.dueAt ?? null,
            shareTimezone: schedule?.timezone ?? null,
          },
        );
      } catch (error) {
        await putBack(sources, sourceKeys);
        throw error;
      }
      jobs.wake();
      // The video owns the files now: the finished uploads are forgotten (left over, they expire in a day).
      const usedUploads = sources.flatMap((source) => (source.uploadId ? [source.uploadId] : []));
      try {
        for (const id of usedUploads) await uploads.remove(id);
        await repo.deleteUploads(db, usedUploads);
      } catch (error) {
        deps.logger.error({ err: error, usedUploads }, 'could not forget stored uploads');
      }
      return {
        message:
          body.type === 'scheduled'
            ? 'Video Saved and scheduled'
            : `The video has been successfully saved to ${videoFolderLabels[body.type]}.`,
        video: await viewOf(db, video.id, actor.id),
      };
    },

    async get(actor: Actor, id: number) {
      await owned(db, id, actor.id);
      return viewOf(db, id, actor.id);
    },

    async list(actor: Actor, folder: VideoFolder) {
      const rows = await repo.listFolder(db, actor.id, folder);
      const videos = rows.map((view) => json(view, actor.id));
      if (folder !== 'scheduled' || !scheduler.statusFor) return videos;
      const deliveries = await scheduler.statusFor(videos.map((video) => video.id));
      return videos.map((video) => {
        const found = deliveries.get(video.id);
        return {
          ...video,
          delivery: found
            ? {
                status: found.status,
                recipient_email: found.recipientEmail,
                due_at: found.dueAt.toISOString(),
                sent_at: found.sentAt?.toISOString() ?? null,
                attempts: found.attempts,
                last_error: found.lastError,
              }
            : null,
        };
      });
    },

    async updateTitleDescription(actor: Actor, id: number, title: string, description: string) {
      await owned(db, id, actor.id);
      await repo.update(db, id, { title, description, hashtags: extractHashtags(title, description) });
      return {
        message: 'Video Title and description has been updated',
        video: await viewOf(db, id, actor.id),
      };
    },

    /** Folder moves (spec §4), with the delivery scheduled, rescheduled or cancelled in the same transaction. */
    async move(actor: Actor, id: number, body: VideoUpdateTypeBody) {
      // A scheduled video whose delivery was made is sent again as a new delivery, not "updated".
      const delivered =
        body.type === 'scheduled' && scheduler.statusFor
          ? (await scheduler.statusFor([id])).get(id)?.status === 'sent'
          : false;
      const message = await db
        .transaction(async (tx) => {
          const video = await owned(tx, id, actor.id, true);
          const from = video.folder;
          const to = body.type;
          if (!FOLDER_MOVES[from].includes(to)) {
            throw invalid(
              'type',
              `A video in ${videoFolderLabels[from]} cannot be moved to ${videoFolderLabels[to]}.`,
            );
          }
          if (to === 'scheduled') {
            const schedule = scheduleFrom(body);
            await repo.update(tx, id, {
              folder: 'scheduled',
              recipientEmail: schedule.recipientEmail,
              shareAt: schedule.dueAt,
              shareTimezone: schedule.timezone,
            });
            if (from === 'scheduled') await scheduler.cancel(id, tx);
            await scheduler.schedule({ videoId: id, ownerId: actor.id, ...schedule }, tx);
            if (from !== 'scheduled') return 'Video moved and scheduled';
            return delivered ? RESEND_MESSAGE : 'Video schedule has been updated';
          }
          if (from !== to) {
            if (to === 'final') await finalOccupied(tx, actor.id, id);
            await repo.update(tx, id, {
              folder: to,
              accessCode: to === 'final' ? (video.accessCode ?? newAccessCode()) : video.accessCode,
              recipientEmail: null,
              shareAt: null,
              shareTimezone: null,
            });
            if (from === 'scheduled') await scheduler.cancel(id, tx);
          }
          return `The video has been successfully transferred to ${videoFolderLabels[to]}.`;
        })
        .catch(mapConflicts);
      return { message, video: await viewOf(db, id, actor.id) };
    },

    /** Publishing is one-way (PRODUCT.md): once public a video stays public. */
    async updateStatus(actor: Actor, id: number, isPrivate: 0 | 1) {
      const video = await owned(db, id, actor.id);
      if (isPrivate === 1) {
        if (video.isPrivate === 0)
          throw invalid('is_private', 'A published video cannot be made private again.');
        return { message: 'The video is private.', video: await viewOf(db, id, actor.id) };
      }
      if (video.isPrivate === 1) {
        if (video.state !== 'ready') {
          throw invalid(
            'is_private',
            video.state === 'failed'
              ? 'This video could not be processed and cannot be published.'
              : 'The video is still being processed. Please publish it once it is ready.',
          );
        }
        await repo.update(db, id, { isPrivate: 0 });
      }
      return { message: 'The video has been published.', video: await viewOf(db, id, actor.id) };
    },

    /** Removes the video, its media and any pending delivery. */
    async remove(actor: Actor, id: number) {
      const video = await db.transaction(async (tx) => {
        const found = await owned(tx, id, actor.id, true);
        await repo.delete(tx, id);
        if (found.folder === 'scheduled') await scheduler.cancel(id, tx);
        return found;
      });
      const mergeOwned = video.mergeSourceIds.length > 0;
      await deleteKeys([video.mediaKey, video.thumbnailKey, ...(mergeOwned ? [] : video.sourceKeys)]);
      return { message: 'Video deleted successfully' };
    },

    /** Likes toggle. Anyone signed in may like a public video; the owner may like their own. */
    async react(actor: Actor, id: number) {
      const view = await repo.view(db, id, actor.id);
      // Public videos of deactivated accounts are neither shown nor liked.
      const visible =
        view &&
        (view.video.ownerId === actor.id ||
          (view.video.isPrivate === 0 && view.video.state === 'ready' && view.creator.status === 1));
      if (!view || !visible) throw notFound(NOT_FOUND_MESSAGE);
      const result = await repo.toggleLike(db, id, actor.id);
      return { total_likes: result.totalLikes, is_liked: result.isLiked };
    },

    async bySearchCode(actor: Actor, code: string) {
      const view = await repo.publicBySearchCode(db, normaliseCode(code), actor.id);
      if (!view) throw notFound(NO_VIDEO_FOR_CODE_MESSAGE);
      return json(view, actor.id);
    },

    async byAccessCode(actor: Actor, code: string) {
      const view = await repo.finalByAccessCode(db, normaliseCode(code), actor.id);
      if (!view) throw notFound(NO_VIDEO_FOR_CODE_MESSAGE);
      return json(view, actor.id, true);
    },

    async feed(actor: Actor, page: number, perPage: number) {
      const { rows, total } = await repo.feed(db, actor.id, page, perPage);
      return { rows: rows.map((view) => json(view, actor.id)), total };
    },

    /**
     * Joins ready drafts, in the given order, into a new draft. `copy` keeps them; `move` removes them once
     * the new video is ready, so a failed merge loses nothing (docs/decisions/0035).
     */
    async merge(actor: Actor, body: VideoCopyMoveBody) {
      const ids = body.video_ids;
      if (new Set(ids).size !== ids.length) throw invalid('video_ids', 'Each video can be chosen only once.');
      const rows = await repo.findManyOwned(db, ids, actor.id);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const ordered = ids.map((id) => byId.get(id));
      if (ordered.some((row) => row === undefined)) throw notFound(NOT_FOUND_MESSAGE);
      const sources = ordered as VideoRow[];
      if (sources.some((row) => row.folder !== 'draft'))
        throw invalid('video_ids', 'Only drafts can be merged.');
      if (sources.some((row) => row.state !== 'ready' || row.durationMs === null))
        throw invalid('video_ids', 'Only videos that have finished processing can be merged.');
      const totalSeconds = sources.reduce((sum, row) => sum + row.durationMs! / 1000, 0);
      const { consumePayment } = await checkAllowance(totalSeconds, actor.id, body.payment_id, 'video_ids');
      const first = sources[0]!;
      // A copy of the first draft's title would give two drafts one name (issue 10).
      const title = mergedTitle(
        sources.map((row) => row.title),
        await repo.titlesOf(db, actor.id),
      );
      const video = await insertVideo(
        async (tx, created) => {
          if (consumePayment) await payments.consume(body.payment_id!, actor.id, created.id, tx);
          await jobs.enqueue(tx, created.id, { clips: sources.length, seconds: totalSeconds });
        },
        {
          ownerId: actor.id,
          title,
          description: first.description,
          hashtags: [...new Set(sources.flatMap((row) => row.hashtags))],
          folder: 'draft',
          state: 'processing',
          mergeSourceIds: ids,
          mergeAction: body.action,
        },
      );
      jobs.wake();
      return { message: VIDEOS_MERGED_MESSAGE, video: await viewOf(db, video.id, actor.id) };
    },
  };
}

export type VideoService = ReturnType<typeof createVideoService>;

/** "my holiday.final.webm" → "my holiday.final" (the client may send no title). */
export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[^.]+$/, '').trim();
  return (base || 'Untitled video').slice(0, 255);
}
