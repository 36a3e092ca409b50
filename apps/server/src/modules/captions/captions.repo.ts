import { and, asc, eq, isNull, like, lt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { storedObjectRecords } from '../../platform/storage/object-records.schema';
import type { AutomaticCaptionState } from '@pw/contracts';
import {
  automaticCaptionJobs,
  captionTracks,
  type AutomaticCaptionJobRow,
  type CaptionTrackRow,
} from './captions.schema';

/** Where caption files are stored: a key of their own per write, so a replaced file is never half-read. */
export const CAPTION_KEY_PREFIX = 'captions/';

export type NewCaptionTrack = Omit<typeof captionTracks.$inferInsert, 'id'>;

/** The captions module's one door to its table (each method joins a transaction when given one). */
export function createCaptionsRepo(db: Db) {
  return {
    listOf(videoId: number, tx: DbOrTx = db): Promise<CaptionTrackRow[]> {
      return tx
        .select()
        .from(captionTracks)
        .where(eq(captionTracks.videoId, videoId))
        .orderBy(asc(captionTracks.language));
    },

    /** The language's track. Writers hold the video's row locked, which keeps two of them apart. */
    async find(videoId: number, language: string, tx: DbOrTx = db): Promise<CaptionTrackRow | null> {
      const [row] = await tx
        .select()
        .from(captionTracks)
        .where(and(eq(captionTracks.videoId, videoId), eq(captionTracks.language, language)));
      return row ?? null;
    },

    /** Writes the language's track (one per video and language); answers the row as it now is. */
    async upsert(values: NewCaptionTrack, tx: DbOrTx = db): Promise<CaptionTrackRow> {
      const { videoId: _video, language: _language, ownerId: _owner, ...changed } = values;
      const [row] = await tx
        .insert(captionTracks)
        .values(values)
        .onConflictDoUpdate({ target: [captionTracks.videoId, captionTracks.language], set: changed })
        .returning();
      return row!;
    },

    /** A video's automatic captions job, as last written (null: none was ever queued). */
    async jobOf(videoId: number, tx: DbOrTx = db): Promise<AutomaticCaptionJobRow | null> {
      const [row] = await tx
        .select()
        .from(automaticCaptionJobs)
        .where(eq(automaticCaptionJobs.videoId, videoId));
      return row ?? null;
    },

    /** Records a queued job (the video's row is there: this runs in the transaction that made it ready). */
    async queueJob(videoId: number, updatedAt: Date, tx: DbOrTx = db): Promise<void> {
      const values = { state: 'queued' as const, progress: 0, updatedAt };
      await tx
        .insert(automaticCaptionJobs)
        .values({ videoId, ...values })
        .onConflictDoUpdate({ target: automaticCaptionJobs.videoId, set: values });
    },

    /** Writes where the video's job is; nothing when the video is gone (its row went by cascade). */
    async setJob(
      videoId: number,
      values: { state: AutomaticCaptionState; progress: number; updatedAt: Date },
      tx: DbOrTx = db,
    ): Promise<void> {
      await tx.update(automaticCaptionJobs).set(values).where(eq(automaticCaptionJobs.videoId, videoId));
    },

    /** A draft made the owner's: accepted, shown from then on. */
    async accept(id: number, updatedAt: Date, tx: DbOrTx = db): Promise<CaptionTrackRow> {
      const [row] = await tx
        .update(captionTracks)
        .set({ status: 'accepted', updatedAt })
        .where(eq(captionTracks.id, id))
        .returning();
      return row!;
    },

    async remove(id: number, tx: DbOrTx = db): Promise<void> {
      await tx.delete(captionTracks).where(eq(captionTracks.id, id));
    },

    /**
     * Caption objects no track names any more (its video or account deleted, a write that failed before
     * its row), written before `before`: a write still on its way to its row is left alone.
     */
    async orphanKeys(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ key: storedObjectRecords.key })
        .from(storedObjectRecords)
        .leftJoin(captionTracks, eq(captionTracks.objectKey, storedObjectRecords.key))
        .where(
          and(
            like(storedObjectRecords.key, `${CAPTION_KEY_PREFIX}%`),
            isNull(captionTracks.id),
            lt(storedObjectRecords.writtenAt, before),
          ),
        )
        .limit(limit);
      return rows.map((row) => row.key);
    },
  };
}

export type CaptionsRepo = ReturnType<typeof createCaptionsRepo>;
