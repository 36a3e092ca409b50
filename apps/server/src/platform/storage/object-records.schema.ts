import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Why an object failed its check: gone from the store, or its bytes are not those written. */
export const objectDamages = ['missing', 'altered'] as const;
export type ObjectDamage = (typeof objectDamages)[number];

/**
 * What every stored object was when it was written (decision 0340): its plaintext size and SHA-256,
 * recorded by the storage itself (object-records.ts), and what the integrity sweep last found.
 * `size`/`sha256` are null only for an object found in the store that was written before records
 * existed, until the sweep first reads it. `reported_at`: the administrators and the owner were told of
 * the current damage (once per damage; cleared when the object checks out again).
 */
export const storedObjectRecords = pgTable(
  'stored_objects',
  {
    key: text('key').primaryKey(),
    size: bigint('size', { mode: 'number' }),
    sha256: text('sha256'),
    writtenAt: timestamp('written_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    damagedAt: timestamp('damaged_at', { withTimezone: true }),
    damage: text('damage', { enum: objectDamages }),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
  },
  (t) => [
    // The sweep's slice: least recently verified first, never verified (null) before all.
    index('stored_objects_verified_idx').on(t.verifiedAt.asc().nullsFirst()),
    // The damaged ones, for the dashboard's count and the notices still to send.
    index('stored_objects_damaged_idx')
      .on(t.damagedAt)
      .where(sql`${t.damagedAt} is not null`),
  ],
);

export type StoredObjectRecord = typeof storedObjectRecords.$inferSelect;
