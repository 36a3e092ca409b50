import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';
import { videos } from '../videos/videos.schema';
import { identityId } from '../../platform/db/columns';

/**
 * Every administrator's reading of an owner's private data (docs/product.md §11.10): written in the
 * transaction that lets the read happen, so nothing is served without its row. The owner lists them.
 */
export const adminReads = pgTable(
  'admin_reads',
  {
    id: identityId(),
    /** Whose data was read; their record goes with their account. */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who read it; kept null if that account ever goes, the name below still says who. */
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** The administrator's full name at the moment of the read; null when they had none. */
    adminName: text('admin_name'),
    /** `parting_words` or `account_details` (adminReadKinds in @pw/contracts). */
    what: text('what').notNull(),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    /** The message's title when it was read: the owner may rename or delete it later. */
    videoTitle: text('video_title'),
    /** Why, in the administrator's words (required for the final message). */
    reason: text('reason'),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The owner's list, newest first; and the check for a details visit already recorded.
    index('admin_reads_owner_read_idx').on(t.ownerId, t.readAt.desc(), t.id.desc()),
  ],
);

export type AdminReadRow = typeof adminReads.$inferSelect;
export type NewAdminRead = typeof adminReads.$inferInsert;
