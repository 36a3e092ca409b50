import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { automaticCaptionStates, captionSources, captionStatuses } from '@pw/contracts';
import { accountRef } from '../accounts/accounts.schema';
import { videos } from '../videos/videos.schema';
import { identityId } from '../../platform/db/columns';

/**
 * A video's caption tracks (docs/product.md §4.7): one per language, the WebVTT itself a stored object
 * (`object_key`), encrypted, recorded and backed up as the video's file is. Gone with the video; its
 * object follows with the captions sweep.
 */
export const captionTracks = pgTable(
  'caption_tracks',
  {
    id: identityId(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    ownerId: accountRef('owner_id'),
    /** A BCP 47 tag in its canonical spelling (`en-US`). */
    language: text('language').notNull(),
    source: text('source', { enum: captionSources }).notNull(),
    status: text('status', { enum: captionStatuses }).notNull(),
    objectKey: text('object_key').notNull(),
    cueCount: integer('cue_count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('caption_tracks_video_language_idx').on(t.videoId, t.language),
    index('caption_tracks_owner_idx').on(t.ownerId),
    // The sweep asks whether a stored caption object still has its row.
    uniqueIndex('caption_tracks_object_key_idx').on(t.objectKey),
  ],
);

export type CaptionTrackRow = typeof captionTracks.$inferSelect;

/**
 * Where a video's automatic captions are (docs/product.md §4.7): one row per video, written when its job
 * is queued (in the transaction that makes the video ready) and as the job runs, so the owner's list
 * shows the progress. Gone with the video.
 */
export const automaticCaptionJobs = pgTable('automatic_caption_jobs', {
  videoId: integer('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  state: text('state', { enum: automaticCaptionStates }).notNull(),
  /** The share of its speech recognized, 0–100. */
  progress: integer('progress').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export type AutomaticCaptionJobRow = typeof automaticCaptionJobs.$inferSelect;
