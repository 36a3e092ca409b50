import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The media keys that have wrapped new objects (decision 0296): each process records its current key's
 * id at start, after the check that every id recorded here is still configured (or no longer needed).
 */
export const mediaKeyIds = pgTable('media_key_ids', {
  /** The key's id as objects' headers carry it, in hex (16 characters). */
  keyId: text('key_id').primaryKey(),
  firstUsedAt: timestamp('first_used_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row once every stored object is known to be encrypted: a new installation from its first start,
 * an older one once `keys:rotate --encrypt-plain` finds nothing left in the clear. From then on an object
 * without the encryption header is refused as damaged instead of served (plaintext-policy.ts).
 */
export const mediaEncryption = pgTable('media_encryption', {
  /** Always 1: the table holds at most one row. */
  id: integer('id').primaryKey().default(1),
  encryptedOnlySince: timestamp('encrypted_only_since', { withTimezone: true }).notNull().defaultNow(),
});
