import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityId, createdAt } from '../db/columns';

/**
 * The outbox: one row per e-mail the platform sends, whatever sends it (docs/decisions/0305-one-mail-path.md).
 * `message_id` is fixed when the row is written, so every attempt carries the same Message-ID (0040).
 * `params` holds what a mail sent later needs to be written (ids, names), never a secret: a link's token
 * or a reset code is made when the mail is sent and lives only in the mail. `account_id` and `ref` say
 * whom and what it is about (e.g. `delivery:12`), for bounces and receipts to attach to; no foreign key,
 * the platform knows no module's tables.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: identityId(),
    kind: text('kind').notNull(),
    toEmail: text('to_email').notNull(),
    messageId: text('message_id').notNull(),
    /**
     * queued (waits for its job), sent (the server took it), failed (given up), dropped (nothing left to
     * say), bounced (refused for good by the recipient's server, at once or by a later report: 0385).
     */
    state: text('state').$type<MailState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    accountId: integer('account_id'),
    ref: text('ref'),
    params: jsonb('params').$type<Record<string, string | number | null>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_outbox_message_id_key').on(t.messageId),
    // The rows still to send (a job lost, or out of retries), for the sweepers that send them again.
    index('mail_outbox_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.state} in ('queued', 'failed')`),
    index('mail_outbox_account_idx').on(t.accountId),
    index('mail_outbox_ref_idx').on(t.ref),
  ],
);

export type MailState = 'queued' | 'sent' | 'failed' | 'dropped' | 'bounced';
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
