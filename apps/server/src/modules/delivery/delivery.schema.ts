import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { deliveryRepeats, deliveryStatuses } from '@pw/contracts';
import { users } from '../accounts/accounts.schema';
import { videos } from '../videos/videos.schema';

/**
 * The statuses and their flow: @pw/contracts `deliveryStatuses` (docs/decisions/0040; docs/product.md §5.6).
 */
export { deliveryStatuses, type DeliveryStatus } from '@pw/contracts';

export const scheduledDeliveries = pgTable(
  'scheduled_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientEmail: text('recipient_email').notNull(),
    /**
     * The owner's second address: where the video goes at once when the recipient's server refuses it
     * or gives up (docs/product.md §5.2). On a delivery made to it, the same address (nothing falls back
     * twice).
     */
    fallbackEmail: text('fallback_email'),
    /** Set on a delivery made to the second address: the delivery that bounced or failed before it. */
    fallbackOf: integer('fallback_of').references((): AnyPgColumn => scheduledDeliveries.id, {
      onDelete: 'set null',
    }),
    /** The instant the owner chose (their date and time in their zone, stored as an instant). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** When the next attempt may start: due_at at first, later after a back-off or a hold. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: deliveryStatuses }).notNull().default('pending'),
    /** Claims made so far (each claim is one SMTP attempt). */
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt did not send, or why the delivery is waiting; shown to the owner. */
    lastError: text('last_error'),
    /** SHA-256 of the watch token; the token itself is only in the e-mail (derivable with APP_SECRET). */
    tokenHash: text('token_hash').notNull().unique(),
    /** Stable Message-ID: every attempt of this delivery sends the same one. */
    messageId: text('message_id').notNull().unique(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The first claim: temporary refusals are retried until three days after it (docs/product.md §5.2). */
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    /** The claiming worker's liveness id (an advisory lock it holds while it lives). */
    claimedBy: integer('claimed_by'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set in the transaction that notifies the owner of the outcome (sent or failed): exactly one notice. */
    ownerNotifiedAt: timestamp('owner_notified_at', { withTimezone: true }),
    /** When the recipient first opened this delivery's watch link. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    /** How many times its watch link was opened (every answered watch call; docs/product.md §5.8). */
    openCount: integer('open_count').notNull().default(0),
    /** Whether the owner is told when the recipient first opens it (docs/product.md §5.8). */
    receipts: boolean('receipts').notNull().default(true),
    /**
     * `yearly`: once this occurrence is finished, the next one is created as a delivery of its own
     * (delivery.repeat.ts), until the year `repeat_until` (null: no end).
     */
    repeat: text('repeat', { enum: deliveryRepeats }).notNull().default('none'),
    repeatUntil: integer('repeat_until'),
    /** The sender's note (plain text, at most 500 characters), shown to the recipient above the video. */
    note: text('note'),
    /** The owner's zone and chosen wall-clock date and time (`yyyy-mm-ddThh:mm:ss`): what every year repeats. */
    timezone: text('timezone'),
    localAt: text('local_at'),
    /** Set in the transaction that created the next occurrence (or found there is none): exactly once. */
    rolledOverAt: timestamp('rolled_over_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Finished yearly occurrences whose next one is still to be created (the roll-over's work list).
    index('scheduled_deliveries_roll_over_idx')
      .on(t.updatedAt)
      .where(
        sql`${t.repeat} = 'yearly' and ${t.rolledOverAt} is null and ${t.status} in ('sent', 'failed', 'bounced')`,
      ),
    // A video has at most one live delivery: rescheduling cancels the old one in the same transaction.
    uniqueIndex('scheduled_deliveries_one_live_per_video')
      .on(t.videoId)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('scheduled_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('scheduled_deliveries_unnotified_idx')
      .on(t.updatedAt)
      .where(sql`${t.ownerNotifiedAt} is null and ${t.status} in ('sent', 'failed')`),
    index('scheduled_deliveries_video_idx').on(t.videoId, t.createdAt),
    index('scheduled_deliveries_owner_idx').on(t.ownerId),
    // A bounce report names the recipient when it carries no Message-ID (decision 0385).
    index('scheduled_deliveries_recipient_idx').on(t.recipientEmail),
    // The dashboard's deliveries scheduled and delivered, counted from the index alone.
    index('scheduled_deliveries_status_idx').on(t.status),
  ],
);

export type DeliveryRow = typeof scheduledDeliveries.$inferSelect;

/**
 * A private watch link someone who may see a video e-mailed to another person (grant access, type 0;
 * docs/product.md §6.7). The same watch page as a scheduled delivery's; the token is 256 random bits, only
 * its SHA-256 is kept. `sent_at` is null while the e-mail is on its way; a row whose e-mail failed is
 * removed.
 */
export const watchGrants = pgTable(
  'watch_grants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** Null once the granting person's account is deleted: the grant outlives it (docs/product.md §8). */
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    recipientEmail: text('recipient_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the video's owner took the link back: from then on it opens nothing. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    // The retry check: this person's latest links of this video to this address.
    index('watch_grants_granter_idx').on(t.grantedBy, t.videoId, t.recipientEmail, t.createdAt.desc()),
    index('watch_grants_video_idx').on(t.videoId),
  ],
);

export type WatchGrantRow = typeof watchGrants.$inferSelect;
