import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The media keys that have wrapped new objects (decision 0351): each process records its current key's
 * id at start, after the check that every id recorded here is still configured (or no longer needed).
 */
export const mediaKeyIds = pgTable('media_key_ids', {
  /** The key's id as objects' headers carry it, in hex (16 characters). */
  keyId: text('key_id').primaryKey(),
  firstUsedAt: timestamp('first_used_at', { withTimezone: true }).notNull().defaultNow(),
});
