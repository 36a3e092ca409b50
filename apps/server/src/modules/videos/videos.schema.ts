import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../accounts/accounts.schema';

/** Folders (PRODUCT.md): `final` is "My Parting Words" and holds at most one video per owner. */
export const videoFolders = ['draft', 'scheduled', 'final'] as const;
export type VideoFolder = (typeof videoFolders)[number];

/** uploaded → processing → ready | failed (ARCHITECTURE.md). */
export const videoStates = ['uploaded', 'processing', 'ready', 'failed'] as const;
export type VideoState = (typeof videoStates)[number];

export const videos = pgTable(
  'videos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    folder: text('folder', { enum: videoFolders }).notNull(),
    state: text('state', { enum: videoStates }).notNull().default('uploaded'),
    /** Why processing failed, shown to the owner. */
    failureReason: text('failure_reason'),
    /** Storage keys of the playable MP4 and its thumbnail (null until ready). */
    mediaKey: text('media_key'),
    thumbnailKey: text('thumbnail_key'),
    /** Measured from the file by ffprobe, never taken from the client. */
    durationSeconds: integer('duration_seconds'),
    isPrivate: integer('is_private').notNull().default(1),
    /** Lets others find a public video (spec "video code"). */
    searchCode: text('search_code').notNull().unique(),
    /** Only for the final video: what the owner hands to the people who receive it after their passing. */
    accessCode: text('access_code').unique(),
    hashtags: text('hashtags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('videos_owner_folder_idx').on(t.ownerId, t.folder),
    // The final folder holds at most one video: enforced by the database, not only by the service.
    uniqueIndex('videos_one_final_per_owner')
      .on(t.ownerId)
      .where(sql`${t.folder} = 'final'`),
  ],
);
