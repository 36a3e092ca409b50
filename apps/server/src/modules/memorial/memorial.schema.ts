import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { entryStatuses, memorialModerators } from '@pw/contracts';
import { accountRef, users } from '../accounts/accounts.schema';
import { identityId, createdAt } from '../../platform/db/columns';

/**
 * The owner's choice, made in advance (docs/product.md §6.9). No row: the memorial is off. Nothing of it
 * is shown to anyone but the owner until the release opens a page from it.
 */
export const memorialSettings = pgTable('memorial_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  text: text('text'),
  /** A photo stored as profile photos are (checked by content, an SVG drawn as a PNG). */
  photoKey: text('photo_key'),
  /** The owner's own videos, in the owner's order; a deleted one is simply left out when shown. */
  videoIds: integer('video_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  moderators: text('moderators', { enum: memorialModerators }).notNull().default('contacts'),
  listed: boolean('listed').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The page, made at the release (one per owner, kept if the message is released again). The name and
 * years are taken then; its address is 128 random bits.
 */
export const memorialPages = pgTable(
  'memorial_pages',
  {
    id: identityId(),
    ownerId: accountRef('owner_id').unique(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    bornYear: integer('born_year'),
    diedYear: integer('died_year').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    listed: boolean('listed').notNull().default(false),
    guestbookModeration: boolean('guestbook_moderation').notNull().default(true),
    guestbookClosed: boolean('guestbook_closed').notNull().default(false),
    serviceWhen: text('service_when'),
    serviceLocation: text('service_location'),
    serviceType: text('service_type'),
    serviceNotes: text('service_notes'),
    takenDownAt: timestamp('taken_down_at', { withTimezone: true }),
    takenDownReason: text('taken_down_reason'),
    /**
     * The account's ending (its deactivation instant) the moderators were told the retention deletes the
     * page after: told once per ending, however many sweeps run (docs/product.md §6.9).
     */
    retentionNoticeFor: timestamp('retention_notice_for', { withTimezone: true }),
  },
  (t) => [index('memorial_pages_opened_idx').on(t.openedAt.desc(), t.id.desc())],
);

/** A visitor's message: no account, so only what they typed (and a photo) is kept. */
export const guestbookEntries = pgTable(
  'memorial_guestbook_entries',
  {
    id: identityId(),
    pageId: integer('page_id')
      .notNull()
      .references(() => memorialPages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    message: text('message').notNull(),
    photoKey: text('photo_key'),
    status: text('status', { enum: entryStatuses }).notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [index('memorial_entries_page_idx').on(t.pageId, t.createdAt)],
);

/** Anyone may report an entry; the moderators and the back office see how many and why. */
export const guestbookReports = pgTable(
  'memorial_guestbook_reports',
  {
    id: identityId(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => guestbookEntries.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('memorial_reports_entry_idx').on(t.entryId)],
);

export type MemorialSettingsRow = typeof memorialSettings.$inferSelect;
export type MemorialPageRow = typeof memorialPages.$inferSelect;
export type GuestbookEntryRow = typeof guestbookEntries.$inferSelect;
