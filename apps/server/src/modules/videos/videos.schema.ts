import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { videoMergeActions, type VideoMergeAction } from '@pw/contracts';
import { accountRef } from '../accounts/accounts.schema';
import { identityId, createdAt } from '../../platform/db/columns';

/** Folders (docs/product.md §3.1): `final` is "My Parting Words" and holds at most one video per owner. */
export const videoFolders = ['draft', 'scheduled', 'final'] as const;
export type VideoFolder = (typeof videoFolders)[number];

/** uploaded → processing → ready | failed (decision 0030). */
export const videoStates = ['uploaded', 'processing', 'ready', 'failed'] as const;
export type VideoState = (typeof videoStates)[number];

/** The merge's two ways, as the copyMove call names them. */
export const mergeActions = videoMergeActions;
export type MergeAction = VideoMergeAction;

/** The part of a clip that is kept: from `start` to `end`, in seconds of the clip. */
export interface ClipTrim {
  start: number;
  end: number;
}

export const videos = pgTable(
  'videos',
  {
    id: identityId(),
    ownerId: accountRef('owner_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    folder: text('folder', { enum: videoFolders }).notNull(),
    state: text('state', { enum: videoStates }).notNull().default('uploaded'),
    /** Why processing failed, shown to the owner. */
    failureReason: text('failure_reason'),
    /** Storage keys of the playable MP4 and its thumbnail (null until ready). */
    mediaKey: text('media_key'),
    thumbnailKey: text('thumbnail_key'),
    /** Measured from the output file by ffprobe, never taken from the client (milliseconds). */
    durationMs: integer('duration_ms'),
    /**
     * The length this video was allowed when it was saved: the free seconds plus the extra time its
     * payment bought. Processing cuts the output there and fails a video longer than it. Null only on
     * videos saved before the allowance was recorded.
     */
    allowanceSeconds: integer('allowance_seconds'),
    isPrivate: integer('is_private').notNull().default(1),
    /** Lets others find a public video (contract "video code"). */
    searchCode: text('search_code').notNull().unique(),
    /** Only for the final video: what the owner hands to the people who receive it after their passing. */
    accessCode: text('access_code').unique(),
    hashtags: text('hashtags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Scheduled folder: recipient, the instant, and the owner's zone the date and time were given in. */
    recipientEmail: text('recipient_email'),
    shareAt: timestamp('share_at', { withTimezone: true }),
    shareTimezone: text('share_timezone'),
    /** Uploaded clips waiting for the processing job (storage keys, in order); emptied once processed. */
    sourceKeys: text('source_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Where each source clip is cut (seconds, in the order of `sourceKeys`; null: the whole clip), as the
     * owner trimmed it before keeping it. Checked against the clips' lengths at upload; emptied with them.
     */
    sourceTrims: jsonb('source_trims').$type<Array<ClipTrim | null>>().notNull().default([]),
    /** A merge: the drafts joined, in order; `move` removes them once this video is ready. */
    mergeSourceIds: integer('merge_source_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    mergeAction: text('merge_action', { enum: mergeActions }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('videos_owner_folder_idx').on(t.ownerId, t.folder),
    // The home reel: public, ready videos, newest first.
    index('videos_public_feed_idx')
      .on(t.createdAt)
      .where(sql`${t.isPrivate} = 0 and ${t.state} = 'ready'`),
    // The final folder holds at most one video: enforced by the database, not only by the service.
    uniqueIndex('videos_one_final_per_owner')
      .on(t.ownerId)
      .where(sql`${t.folder} = 'final'`),
    // The media route finds a key's video (its owner deactivated: 404) on every request.
    index('videos_media_key_idx').on(t.mediaKey),
    index('videos_thumbnail_key_idx').on(t.thumbnailKey),
  ],
);

/** One like per person and video (the contract's like toggles). */
export const videoLikes = pgTable(
  'video_likes',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    userId: accountRef('user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.userId] }), index('video_likes_user_idx').on(t.userId)],
);

/**
 * Resumable (tus) uploads and who started them: only their creator may continue, read or use one. The row
 * goes once a stored video has taken the file (or when the unfinished upload expires).
 */
export const videoUploads = pgTable(
  'video_uploads',
  {
    id: text('id').primaryKey(),
    ownerId: accountRef('owner_id'),
    createdAt: createdAt(),
    /** The client's declared length (Upload-Length); null when it deferred it (counted as the largest upload). */
    declaredBytes: bigint('declared_bytes', { mode: 'number' }),
    /** When its last byte arrived; the unfinished ones are what the per-account cap counts. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('video_uploads_owner_idx').on(t.ownerId)],
);

/**
 * The received parts of a resumable upload kept in object storage (STORAGE=s3): one object per PATCH,
 * at the offset where it starts. The database, not any process's memory or disk, knows how far an
 * upload got, so any API process can take its next part (decision 0034). The first part recorded at an
 * offset wins; a racing one is deleted.
 */
export const videoUploadParts = pgTable(
  'video_upload_parts',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => videoUploads.id, { onDelete: 'cascade' }),
    offset: bigint('offset', { mode: 'number' }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.offset] })],
);

/**
 * Who opened which final video with its access code (GET …/detail-by-access-code/): such a person may
 * see it and grant access to it (docs/product.md §8, the chain of consent; docs/product.md §6.7). One row per
 * pair, the first opening kept.
 */
export const videoCodeOpenings = pgTable(
  'video_code_openings',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    userId: accountRef('user_id'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.userId] }), index('video_code_openings_user_idx').on(t.userId)],
);
