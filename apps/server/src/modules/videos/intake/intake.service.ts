import { randomUUID } from 'node:crypto';
import {
  ONLY_VIDEO_MESSAGE,
  TRIM_MESSAGES,
  TRIM_MIN_SECONDS,
  videoFolderLabels,
  type VideoStoreBody,
  VIDEO_MESSAGES,
} from '@pw/contracts';
import { invalid } from '../../../platform/errors';
import type { UploadedFile } from '../../../platform/http/body';
import { UnsupportedMediaError } from '../../../platform/media/media';
import { deleteQuietly } from '../../../platform/storage/storage';
import type { CheckAllowance } from '../allowance';
import { extractHashtags } from '../codes';
import type { Actor, VideoServiceDeps } from '../service-deps';
import type { InsertVideo } from '../video-insert';
import type { VideoLookup } from '../video-lookup';
import type { VideoRow } from '../videos.repo';
import type { ClipTrim } from '../videos.schema';

/** One clip of an upload: a multipart file of the request, or a finished resumable upload. */
interface Source {
  path: string;
  name: string;
  uploadId?: string;
  /** Removes the local copy of a finished upload, if it is one and still there. */
  release?: () => Promise<void>;
}

export interface IntakeParts {
  lookup: VideoLookup;
  checkAllowance: CheckAllowance;
  insertVideo: InsertVideo;
}

/** "my holiday.final.webm" → "my holiday.final" (the client may send no title). */
export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[^.]+$/, '').trim();
  return (base || 'Untitled video').slice(0, 255);
}

/** Containers round lengths a little: an end set at a recording's "20 s" may be past its measured 19.98 s. */
const TRIM_END_TOLERANCE_SECONDS = 0.25;

/**
 * Each clip's kept part from the body's `trim_start` / `trim_end` (the contract has checked each start is
 * before its end, keeping at least TRIM_MIN_SECONDS), checked against the clip's measured length: null
 * for a clip kept whole. An end a little past the measured end is the end. Errors name the clip's index
 * (`trim_end.0`), as the contract's do.
 */
export function trimsOf(
  body: Pick<VideoStoreBody, 'trim_start' | 'trim_end'>,
  lengths: readonly number[],
): Array<ClipTrim | null> {
  return lengths.map((length, i) => {
    const start = body.trim_start[i] ?? null;
    const end = body.trim_end[i] ?? null;
    if (start === null && end === null) return null;
    if (end !== null && end > length + TRIM_END_TOLERANCE_SECONDS)
      throw invalid(`trim_end.${i}`, TRIM_MESSAGES.pastEnd(length));
    const trim = { start: start ?? 0, end: Math.min(end ?? length, length) };
    if (trim.end - trim.start < TRIM_MIN_SECONDS) throw invalid(`trim_start.${i}`, TRIM_MESSAGES.tooShort);
    return trim;
  });
}

/** Taking in an upload: its clips checked, measured, moved into storage, and queued to be joined. */
export function createIntakeService(deps: VideoServiceDeps, parts: IntakeParts) {
  const { repo, storage, media, clock, scheduler, payments, jobs, uploads } = deps;
  const { lookup, checkAllowance, insertVideo } = parts;

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

  /**
   * The request's `videos[]` files, then the finished uploads it names (each the caller's own), added to
   * `sources` one by one so that the caller releases every local copy made before a refusal.
   */
  async function collectSources(
    actor: Actor,
    body: VideoStoreBody,
    files: UploadedFile[],
    sources: Source[],
  ) {
    for (const file of files)
      if (file.field === 'videos[]' || file.field === 'videos')
        sources.push({ path: file.path, name: file.filename });
    for (const id of body.upload_ids) {
      const row = uploads.isUploadId(id) ? await repo.findUpload(id) : null;
      if (!row || row.ownerId !== actor.id) throw invalid('upload_ids', 'The upload was not found.');
      const progress = await uploads.progress(id);
      if (!progress || progress.size === null || progress.offset !== progress.size)
        throw invalid('upload_ids', 'The upload is not finished yet.');
      const file = await uploads.localFile(id);
      sources.push({ path: file.path, name: progress.filename ?? '', uploadId: id, release: file.release });
    }
    if (sources.length === 0) throw invalid('videos', 'Please choose at least one video.');
  }

  /** Each one's length; a file that is not a video refuses the whole upload. */
  async function measure(sources: Source[]) {
    const lengths: number[] = [];
    for (const source of sources) {
      try {
        lengths.push((await media.probe(source.path)).durationSeconds);
      } catch (error) {
        if (!(error instanceof UnsupportedMediaError)) throw error;
        // A finished upload that is not a video is of no further use: nothing is left behind.
        if (source.uploadId) {
          await uploads.remove(source.uploadId);
          await repo.deleteUploads([source.uploadId]);
        }
        throw invalid('videos', ONLY_VIDEO_MESSAGE);
      }
    }
    return lengths;
  }

  /** The video owns the files now: the finished uploads are forgotten (left over, they expire in a day). */
  async function forgetUploads(sources: Source[]) {
    const usedUploads = sources.flatMap((source) => (source.uploadId ? [source.uploadId] : []));
    try {
      for (const id of usedUploads) await uploads.remove(id);
      await repo.deleteUploads(usedUploads);
    } catch (error) {
      deps.logger.error({ err: error, usedUploads }, 'could not forget stored uploads');
    }
  }

  return {
    /** One upload is one video: the clips are checked, measured, stored and queued to be joined in order. */
    async store(actor: Actor, body: VideoStoreBody, files: UploadedFile[]) {
      const sources: Source[] = [];
      try {
        return await storeSources(actor, body, files, sources);
      } finally {
        for (const source of sources) await source.release?.();
      }
    },
  };

  async function storeSources(actor: Actor, body: VideoStoreBody, files: UploadedFile[], sources: Source[]) {
    await collectSources(actor, body, files, sources);
    if (Math.max(body.trim_start.length, body.trim_end.length) > sources.length)
      throw invalid('trim_start', TRIM_MESSAGES.moreThanClips);
    // Cheap refusals first, before any file is read.
    const schedule = body.type === 'scheduled' ? scheduler.read(body, clock.now()) : null;
    if (body.type === 'final') await lookup.finalOccupied(actor.id);

    const lengths = await measure(sources);
    const totalSeconds = lengths.reduce((sum, seconds) => sum + seconds, 0);
    // What is kept is what is charged: the free length and extra time count the trimmed clips.
    const trims = trimsOf(body, lengths);
    const keptSeconds = lengths.reduce(
      (sum, seconds, i) => sum + (trims[i] ? trims[i].end - trims[i].start : seconds),
      0,
    );
    const { consumePayment, allowanceSeconds } = await checkAllowance(
      keptSeconds,
      actor.id,
      body.payment_id,
      'videos',
    );

    const sourceKeys = await moveIntoStorage(sources);
    const title = body.title ?? titleFromFileName(sources[0]!.name);
    const description = body.description ?? '';
    let video: VideoRow;
    try {
      video = await insertVideo(
        async (tx, created) => {
          if (schedule) await scheduler.schedule({ videoId: created.id, ownerId: actor.id, ...schedule }, tx);
          if (consumePayment) await payments.consume(body.payment_id!, actor.id, created.id, tx);
          await jobs.enqueue(created.id, { clips: sources.length, seconds: totalSeconds }, tx);
        },
        {
          ownerId: actor.id,
          title,
          description,
          hashtags: extractHashtags(title, description),
          folder: body.type,
          state: 'processing',
          allowanceSeconds,
          sourceKeys,
          sourceTrims: trims,
          recipientEmail: schedule?.recipientEmail ?? null,
          shareAt: schedule?.dueAt ?? null,
          shareTimezone: schedule?.timezone ?? null,
        },
      );
    } catch (error) {
      await putBack(sources, sourceKeys);
      throw error;
    }
    await forgetUploads(sources);
    return {
      message:
        body.type === 'scheduled'
          ? VIDEO_MESSAGES.savedAndScheduled
          : `The video has been successfully saved to ${videoFolderLabels[body.type]}.`,
      video: await lookup.viewOf(video.id, actor.id),
    };
  }
}
