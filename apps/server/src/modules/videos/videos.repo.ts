import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../platform/db';
import { QUEUE_SCHEMA } from '../../platform/queue';
import { storedObjectRecords as storedObjects } from '../../platform/storage/object-records.schema';
import { conversionAbandoned } from './conversion-claims';
import { accountsView, activeAccount } from '../accounts';
import { sharedCaptionsOf, type SharedCaption } from '../captions';
import {
  videoCodeOpenings,
  videoLikes,
  videos,
  videoUploadParts,
  videoUploads,
  type MergeAction,
  type VideoFolder,
} from './videos.schema';

export type VideoRow = typeof videos.$inferSelect;
export type NewVideoRow = typeof videos.$inferInsert;

/** A video with what its JSON shows besides its own columns. */
export interface VideoView {
  video: VideoRow;
  creator: { firstName: string; lastName: string; email: string; status: number };
  totalLikes: number;
  isLiked: boolean;
  /** Its file or thumbnail was found missing or altered (decision 0340). */
  damaged: boolean;
  /** A merge joining this draft is still being processed: how it was asked for (docs/product.md §3.5). */
  merging: MergeAction | null;
  /** Its accepted caption tracks (the captions module's rule): they play wherever the video does. */
  captions: SharedCaption[];
}

/**
 * The module's one door to its tables (queries only: the rules live in the services). Each method takes
 * a transaction to join as its last parameter (`tx`), the database when none is given.
 */
export function createVideosRepo(db: Db) {
  const owner = accountsView('owner');
  /** The merged video a draft is a source of, while its job runs (named in SQL below: `merge`). */
  const merge = alias(videos, 'merge');

  const viewColumns = (viewerId: number | null) => ({
    video: videos,
    creator: {
      firstName: owner.firstName,
      lastName: owner.lastName,
      email: owner.email,
      status: owner.status,
    },
    totalLikes: sql<number>`(select count(*)::int from ${videoLikes} where ${videoLikes.videoId} = ${videos.id})`,
    isLiked:
      viewerId === null
        ? sql<boolean>`false`
        : sql<boolean>`exists(select 1 from ${videoLikes} where ${videoLikes.videoId} = ${videos.id} and ${videoLikes.userId} = ${viewerId})`,
    // Two primary-key probes of the platform's object records.
    damaged: sql<boolean>`exists(select 1 from ${storedObjects} where ${storedObjects.key} in (${videos.mediaKey}, ${videos.thumbnailKey}) and ${storedObjects.damagedAt} is not null)`,
    // The owner's few videos (the owner index): a merge still processing that names this one as a source.
    captions: sharedCaptionsOf(videos.id),
    merging: sql<MergeAction | null>`(select ${merge.mergeAction} from ${videos} as ${sql.identifier('merge')} where ${merge.ownerId} = ${videos.ownerId} and ${merge.state} = 'processing' and ${videos.id} = any(${merge.mergeSourceIds}) limit 1)`,
  });

  const views = (tx: DbOrTx, viewerId: number | null, where: SQL | undefined) =>
    tx
      .select(viewColumns(viewerId))
      .from(videos)
      .innerJoin(owner, eq(owner.id, videos.ownerId))
      .where(where)
      .$dynamic();

  /** Visible to everyone signed in: public, processed, and the owner's account is active. */
  const publicVideo = and(eq(videos.isPrivate, 0), eq(videos.state, 'ready'), activeAccount(owner));

  return {
    async insert(values: NewVideoRow, tx: DbOrTx = db): Promise<VideoRow> {
      const [row] = await tx.insert(videos).values(values).returning();
      return row!;
    },

    async findOwned(id: number, ownerId: number, lock = false, tx: DbOrTx = db): Promise<VideoRow | null> {
      const query = tx
        .select()
        .from(videos)
        .where(and(eq(videos.id, id), eq(videos.ownerId, ownerId)))
        .$dynamic();
      const [row] = await (lock ? query.for('update') : query);
      return row ?? null;
    },

    async findById(id: number, tx: DbOrTx = db): Promise<VideoRow | null> {
      const [row] = await tx.select().from(videos).where(eq(videos.id, id));
      return row ?? null;
    },

    async findManyOwned(ids: number[], ownerId: number, tx: DbOrTx = db): Promise<VideoRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(videos)
        .where(and(inArray(videos.id, ids), eq(videos.ownerId, ownerId)));
    },

    /** Every title the owner uses, in any folder. */
    async titlesOf(ownerId: number, tx: DbOrTx = db): Promise<string[]> {
      const rows = await tx.select({ title: videos.title }).from(videos).where(eq(videos.ownerId, ownerId));
      return rows.map((row) => row.title);
    },

    async finalOf(ownerId: number, tx: DbOrTx = db): Promise<VideoRow | null> {
      const [row] = await tx
        .select()
        .from(videos)
        .where(and(eq(videos.ownerId, ownerId), eq(videos.folder, 'final')));
      return row ?? null;
    },

    async update(id: number, values: Partial<NewVideoRow>, tx: DbOrTx = db): Promise<VideoRow | null> {
      const [row] = await tx
        .update(videos)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(videos.id, id))
        .returning();
      return row ?? null;
    },

    /** Only while still processing: a deleted or already finished video is left alone (idempotent jobs). */
    async finishProcessing(
      id: number,
      values: Partial<NewVideoRow>,
      tx: DbOrTx = db,
    ): Promise<VideoRow | null> {
      const [row] = await tx
        .update(videos)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(videos.id, id), eq(videos.state, 'processing')))
        .returning();
      return row ?? null;
    },

    async delete(id: number, tx: DbOrTx = db): Promise<VideoRow | null> {
      const [row] = await tx.delete(videos).where(eq(videos.id, id)).returning();
      return row ?? null;
    },

    async deleteDrafts(ids: number[], ownerId: number, tx: DbOrTx = db): Promise<VideoRow[]> {
      if (ids.length === 0) return [];
      return tx
        .delete(videos)
        .where(and(inArray(videos.id, ids), eq(videos.ownerId, ownerId), eq(videos.folder, 'draft')))
        .returning();
    },

    async view(id: number, viewerId: number | null, tx: DbOrTx = db): Promise<VideoView | null> {
      const [row] = await views(tx, viewerId, eq(videos.id, id));
      return row ?? null;
    },

    /** The owner's folder, newest first. */
    async listFolder(ownerId: number, folder: VideoFolder, tx: DbOrTx = db): Promise<VideoView[]> {
      return views(tx, ownerId, and(eq(videos.ownerId, ownerId), eq(videos.folder, folder))).orderBy(
        desc(videos.createdAt),
        desc(videos.id),
      );
    },

    async publicBySearchCode(code: string, viewerId: number, tx: DbOrTx = db): Promise<VideoView | null> {
      const [row] = await views(tx, viewerId, and(eq(videos.searchCode, code), publicVideo));
      return row ?? null;
    },

    /** The final video a code was handed out for; the owner's account must be active. */
    async finalByAccessCode(code: string, viewerId: number, tx: DbOrTx = db): Promise<VideoView | null> {
      const [row] = await views(
        tx,
        viewerId,
        and(eq(videos.accessCode, code), eq(videos.folder, 'final'), activeAccount(owner)),
      );
      return row ?? null;
    },

    /** Records that this person opened the video with its access code (the first opening is kept). */
    async recordCodeOpening(videoId: number, userId: number, openedAt: Date, tx: DbOrTx = db) {
      await tx.insert(videoCodeOpenings).values({ videoId, userId, openedAt }).onConflictDoNothing();
    },

    /**
     * The video with its owner's status and whether this person opened it by its access code (for the
     * one rule of who may see it: access.ts).
     */
    async withOpening(videoId: number, userId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          video: videos,
          ownerStatus: owner.status,
          opened: sql<boolean>`exists(select 1 from ${videoCodeOpenings} where ${videoCodeOpenings.videoId} = ${videos.id} and ${videoCodeOpenings.userId} = ${userId})`,
        })
        .from(videos)
        .innerJoin(owner, eq(owner.id, videos.ownerId))
        .where(eq(videos.id, videoId));
      return row ?? null;
    },

    async feed(viewerId: number, page: number, perPage: number, tx: DbOrTx = db) {
      const rows = await views(tx, viewerId, publicVideo)
        .orderBy(desc(videos.createdAt), desc(videos.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [count] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(videos)
        .innerJoin(owner, eq(owner.id, videos.ownerId))
        .where(publicVideo);
      return { rows, total: count?.total ?? 0 };
    },

    /** Adds the like, or removes it when it was there; returns the new state. */
    async toggleLike(videoId: number, userId: number, tx: DbOrTx = db) {
      const inserted = await tx
        .insert(videoLikes)
        .values({ videoId, userId })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) {
        await tx
          .delete(videoLikes)
          .where(and(eq(videoLikes.videoId, videoId), eq(videoLikes.userId, userId)));
      }
      const [count] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(videoLikes)
        .where(eq(videoLikes.videoId, videoId));
      return { totalLikes: count?.total ?? 0, isLiked: inserted.length > 0 };
    },

    /**
     * Videos in `processing` that no job of `queue` will take up: none queued, waiting to retry or running
     * for `${id}:process`. `gaveUp` says a job for it failed for good (pg-boss keeps failed jobs in `job`,
     * later in `archive`), i.e. its last attempt died before it could record the outcome.
     */
    async processingWithoutLiveJob(queue: string, limit: number, tx: DbOrTx = db) {
      const jobs = sql.raw(`${QUEUE_SCHEMA}.job`);
      const archive = sql.raw(`${QUEUE_SCHEMA}.archive`);
      const key = sql`${videos.id}::text || ':process'`;
      return tx
        .select({
          id: videos.id,
          sourceKeys: videos.sourceKeys,
          mergeSourceIds: videos.mergeSourceIds,
          gaveUp: sql<boolean>`(
            exists (select 1 from ${jobs} j where j.name = ${queue} and j.singleton_key = ${key} and j.state = 'failed')
            or exists (select 1 from ${archive} a where a.name = ${queue} and a.singleton_key = ${key} and a.state = 'failed')
          )`,
        })
        .from(videos)
        .where(
          and(
            eq(videos.state, 'processing'),
            sql`not exists (select 1 from ${jobs} j where j.name = ${queue} and j.singleton_key = ${key}
              and j.state in ('created', 'retry', 'active'))`,
          ),
        )
        .orderBy(videos.id)
        .limit(limit);
    },

    /**
     * Running `video.process` jobs whose worker is gone: started more than `graceSeconds` ago (time for a
     * live worker to take its lock) and no live process holds the video's conversion lock.
     */
    async abandonedConversionJobs(queue: string, graceSeconds: number, tx: DbOrTx = db) {
      const jobs = sql.raw(`${QUEUE_SCHEMA}.job`);
      const result = (await tx.execute(sql`
        select j.id::text as id, (j.data->>'videoId')::int as video_id from ${jobs} j
        where j.name = ${queue} and j.state = 'active'
          and j.started_on < now() - make_interval(secs => ${graceSeconds})
          and ${conversionAbandoned(sql`(j.data->>'videoId')::int`)}`)) as unknown as {
        rows: { id: string; video_id: number }[];
      };
      return result.rows.map((row) => ({ jobId: row.id, videoId: Number(row.video_id) }));
    },

    async insertUpload(
      upload: { id: string; ownerId: number; declaredBytes?: number | null; createdAt?: Date },
      tx: DbOrTx = db,
    ) {
      await tx.insert(videoUploads).values(upload);
    },

    /** One upload created at a time per account: the cap's count and the insert do not interleave. */
    async lockUploadsOf(ownerId: number, tx: DbOrTx) {
      await tx.execute(sql`select pg_advisory_xact_lock(${0x5057_0c0a}, ${ownerId})`);
    },

    /**
     * An account's unfinished uploads created since `since` (older ones have expired): how many, and the
     * bytes they declared, a deferred length counting as `deferredBytes`.
     */
    async unfinishedUploadsOf(ownerId: number, since: Date, deferredBytes: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          count: sql<number>`count(*)::int`,
          bytes: sql<number>`coalesce(sum(coalesce(${videoUploads.declaredBytes}, ${deferredBytes})), 0)::float8`,
        })
        .from(videoUploads)
        .where(
          and(
            eq(videoUploads.ownerId, ownerId),
            sql`${videoUploads.finishedAt} is null`,
            sql`${videoUploads.createdAt} >= ${since.toISOString()}::timestamptz`,
          ),
        );
      return { count: row?.count ?? 0, bytes: Number(row?.bytes ?? 0) };
    },

    async markUploadFinished(id: string, at: Date, tx: DbOrTx = db) {
      await tx
        .update(videoUploads)
        .set({ finishedAt: at })
        .where(and(eq(videoUploads.id, id), sql`${videoUploads.finishedAt} is null`));
    },

    async findUpload(id: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(videoUploads).where(eq(videoUploads.id, id));
      return row ?? null;
    },

    async deleteUploads(ids: string[], tx: DbOrTx = db) {
      if (ids.length === 0) return;
      await tx.delete(videoUploads).where(inArray(videoUploads.id, ids));
    },

    /** The parts of a resumable upload kept in object storage, in the order of their bytes. */
    async uploadParts(uploadId: string, tx: DbOrTx = db) {
      return tx
        .select()
        .from(videoUploadParts)
        .where(eq(videoUploadParts.uploadId, uploadId))
        .orderBy(videoUploadParts.offset);
    },

    /** Records a stored part; false when another part took that offset first (or the upload is gone). */
    async recordUploadPart(
      part: { uploadId: string; offset: number; size: number; key: string },
      tx: DbOrTx = db,
    ) {
      const inserted = await tx
        .insert(videoUploadParts)
        .select(
          tx
            .select({
              uploadId: videoUploads.id,
              offset: sql<number>`${part.offset}::bigint`.as('offset'),
              size: sql<number>`${part.size}::bigint`.as('size'),
              key: sql<string>`${part.key}`.as('key'),
            })
            .from(videoUploads)
            .where(eq(videoUploads.id, part.uploadId)),
        )
        .onConflictDoNothing()
        .returning({ offset: videoUploadParts.offset });
      return inserted.length === 1;
    },

    async uploadsCreatedBefore(before: Date, tx: DbOrTx = db) {
      return tx
        .select()
        .from(videoUploads)
        .where(sql`${videoUploads.createdAt} < ${before.toISOString()}::timestamptz`);
    },
  };
}

export type VideosRepo = ReturnType<typeof createVideosRepo>;
