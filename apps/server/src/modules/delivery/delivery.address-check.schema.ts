import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';
import { scheduledDeliveries } from './delivery.schema';

/**
 * The yearly address check of each owner (docs/product.md §5.9): one row per owner, the
 * latest check. A check is claimed by the statement that sets `sent_at` (an upsert that only takes a row
 * whose check is a year old) in the transaction that writes its e-mail to the outbox: two duty runs, or
 * a retry, never send twice. `reminder_sent_at` likewise claims its one reminder.
 */
export const addressChecks = pgTable('address_checks', {
  ownerId: integer('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
});

/**
 * One delivery asked about by one check, with its 'Still right' link (decision 0366): the token is
 * HMAC-SHA256(APP_SECRET, "address:" + nonce), 256 bits; only its SHA-256 is kept, so a copy of the
 * database confirms nothing, and every send of the check's e-mail (a retry, the reminder) carries the
 * same link. `recipient_email` is the address asked about: a changed address is a new delivery (§5.1),
 * and an item whose delivery no longer has it confirms nothing.
 */
export const addressCheckItems = pgTable(
  'address_check_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The check it belongs to: its owner's `address_checks.sent_at` when it was sent. */
    checkSentAt: timestamp('check_sent_at', { withTimezone: true }).notNull(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => scheduledDeliveries.id, { onDelete: 'cascade' }),
    recipientEmail: text('recipient_email').notNull(),
    /** 128 random bits the token is derived from (with APP_SECRET); useless without the secret. */
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The owner's 'Still right': set once; a second click answers this first one. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('address_check_items_check_idx').on(t.ownerId, t.checkSentAt),
    index('address_check_items_delivery_idx').on(t.deliveryId),
  ],
);

export type AddressCheckItemRow = typeof addressCheckItems.$inferSelect;
