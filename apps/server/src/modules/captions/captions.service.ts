import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import {
  AUTOMATIC_CAPTION_MESSAGES,
  CAPTION_LIMITS,
  CAPTION_MESSAGES,
  CAPTION_TRACK_MESSAGES,
  cuesFromTranscript,
  parseCaptions,
  toWebVtt,
  type CaptionTrack,
  type Cue,
} from '@pw/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { captionTrackBody } from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { invalid, notFound } from '../../platform/errors';
import { deleteQuietly, type Storage } from '../../platform/storage/storage';
import type { CaptionsVideos } from './captions.videos';
import { CAPTION_KEY_PREFIX, type CaptionsRepo } from './captions.repo';
import type { CaptionTrackRow } from './captions.schema';

type Actor = { id: number };
type TrackBody = z.output<typeof captionTrackBody>;

export interface CaptionsServiceDeps {
  db: Db;
  repo: CaptionsRepo;
  storage: Storage;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'error'>;
  /** The videos' one access check (decision 0311): the row of the caller's own video, or the 404. */
  videos: Pick<CaptionsVideos, 'require'>;
}

const trackJson = (row: CaptionTrackRow, cues: Cue[]): CaptionTrack => ({
  language: row.language,
  source: row.source,
  status: row.status,
  cue_count: row.cueCount,
  updated_at: row.updatedAt.toISOString(),
  cues,
});

/**
 * The cues a body carries, checked as the file that will be kept: whatever way they came, they are written
 * as WebVTT and read back, so what is stored is exactly what a player and the editor will read.
 */
function cuesOf(body: TrackBody, durationMs: number | null): Cue[] {
  let field: keyof TrackBody;
  let cues: Cue[];
  if (body.vtt !== undefined) {
    const parsed = parseCaptions(body.vtt);
    if (!parsed.ok) throw invalid('vtt', `Line ${parsed.line}: ${parsed.message}`);
    [field, cues] = ['vtt', parsed.cues];
  } else if (body.cues !== undefined) {
    [field, cues] = ['cues', body.cues];
  } else {
    const transcript = body.transcript!;
    if (Buffer.byteLength(transcript) > CAPTION_LIMITS.bytes)
      throw invalid('transcript', CAPTION_MESSAGES.tooLarge);
    if (durationMs === null) throw invalid('transcript', CAPTION_TRACK_MESSAGES.noLength);
    [field, cues] = ['transcript', cuesFromTranscript(transcript, durationMs / 1000)];
  }
  const kept = parseCaptions(toWebVtt(cues), 'vtt');
  if (!kept.ok) throw invalid(field, kept.message);
  return kept.cues;
}

/** A video's caption tracks (docs/product.md §4.7), written and read by its owner. */
export function createCaptionsService(deps: CaptionsServiceDeps) {
  const { db, repo, storage, clock, logger, videos } = deps;

  const readVtt = async (key: string) => text(await storage.read(key));

  /** The track of a language the caller's video has, or the 404 (the video's own 404 first). */
  async function ownTrack(actor: Actor, videoId: number, language: string) {
    await videos.require(actor, 'video.own', videoId);
    const row = await repo.find(videoId, language);
    if (!row) throw notFound(CAPTION_TRACK_MESSAGES.notFound);
    return row;
  }

  return {
    async list(actor: Actor, videoId: number): Promise<CaptionTrack[]> {
      await videos.require(actor, 'video.own', videoId);
      const rows = await repo.listOf(videoId);
      return Promise.all(
        rows.map(async (row) => {
          const parsed = parseCaptions(await readVtt(row.objectKey), 'vtt');
          return trackJson(row, parsed.ok ? parsed.cues : []);
        }),
      );
    },

    /**
     * Writes the language's track as the owner gave it (accepted at once: the owner's own words). The new
     * file goes under a new key before its row points at it; the old file is removed after the commit. A
     * draft written automatically and edited here becomes the owner's own accepted track: automatic
     * captions never replace it again.
     */
    async save(actor: Actor, videoId: number, language: string, body: TrackBody): Promise<CaptionTrack> {
      const video = await videos.require(actor, 'video.own', videoId);
      const cues = cuesOf(body, video.durationMs);
      const key = `${CAPTION_KEY_PREFIX}${randomBytes(16).toString('hex')}.vtt`;
      await storage.put(key, Buffer.from(toWebVtt(cues)), 'text/vtt');
      try {
        const { row, previous } = await db.transaction(async (tx) => {
          // The video's row, locked: a deletion of it waits, and two saves of one video go in turn.
          await videos.require(actor, 'video.own', videoId, { lock: true, tx });
          const previous = await repo.find(videoId, language, tx);
          const row = await repo.upsert(
            {
              videoId,
              ownerId: actor.id,
              language,
              source: 'owner',
              status: 'accepted',
              objectKey: key,
              cueCount: cues.length,
              updatedAt: clock.now(),
            },
            tx,
          );
          return { row, previous };
        });
        await deleteQuietly(storage, [previous?.objectKey], logger);
        return trackJson(row, cues);
      } catch (error) {
        await deleteQuietly(storage, [key], logger);
        throw error;
      }
    },

    /** The owner accepts a draft written automatically: from then on it is the track shown. 404: no draft. */
    async accept(actor: Actor, videoId: number, language: string): Promise<CaptionTrack> {
      const row = await db.transaction(async (tx) => {
        await videos.require(actor, 'video.own', videoId, { lock: true, tx });
        const draft = await repo.find(videoId, language, tx);
        if (!draft || draft.status !== 'draft') throw notFound(AUTOMATIC_CAPTION_MESSAGES.noDraft);
        return repo.accept(draft.id, clock.now(), tx);
      });
      const parsed = parseCaptions(await readVtt(row.objectKey), 'vtt');
      return trackJson(row, parsed.ok ? parsed.cues : []);
    },

    async remove(actor: Actor, videoId: number, language: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        await videos.require(actor, 'video.own', videoId, { lock: true, tx });
        const row = await repo.find(videoId, language, tx);
        if (!row) throw notFound(CAPTION_TRACK_MESSAGES.notFound);
        await repo.remove(row.id, tx);
        return row;
      });
      await deleteQuietly(storage, [removed.objectKey], logger);
    },

    /** The track's WebVTT as stored, for the owner's player. */
    async file(actor: Actor, videoId: number, language: string): Promise<string> {
      return readVtt((await ownTrack(actor, videoId, language)).objectKey);
    },
  };
}

export type CaptionsService = ReturnType<typeof createCaptionsService>;
