import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { releaseStates, reportStates, reporterKinds } from '@pw/contracts';
import { accountRef, users } from '../accounts/accounts.schema';
import { identityId, createdAt } from '../../platform/db/columns';

/**
 * The owner's release settings and where their final message stands (decision 0249). An account without
 * a row has the defaults: sealed, 3 days, no check-ins, so a new account starts with the safe release
 * without the accounts module knowing this one; the migration gave every account that existed before
 * a row in state `open` (today's behaviour, under which its owner handed out the code).
 * The videos module reads `state` (a read-only join) for the access code's gate.
 */
export const legacySettings = pgTable('legacy_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  state: text('state', { enum: releaseStates }).notNull().default('sealed'),
  waitingPeriodDays: integer('waiting_period_days').notNull().default(3),
  checkInMonths: integer('check_in_months').notNull().default(0),
  availableAtOnce: boolean('available_at_once').notNull().default(false),
  /** When the next 'I'm here' e-mail goes (null: check-ins off). */
  nextCheckInAt: timestamp('next_check_in_at', { withTimezone: true }),
  /** When the last 'I'm here' e-mail went, unanswered so far (its grace period runs from it). */
  checkInSentAt: timestamp('check_in_sent_at', { withTimezone: true }),
  /** How many of the grace period's reminders (14, 3 days before its end) went. */
  checkInReminders: integer('check_in_reminders').notNull().default(0),
  /**
   * When the owner, alive after a release, sealed the message again (null since its next release): a
   * second click answers the same and tells nobody again.
   */
  resealedAt: timestamp('resealed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Up to 5 trusted contacts per owner. The role link's token is derived from `token_nonce` with APP_SECRET
 * (legacy.tokens.ts): the database alone opens nothing; only its SHA-256 is looked up.
 */
export const legacyContacts = pgTable(
  'legacy_contacts',
  {
    id: identityId(),
    ownerId: accountRef('owner_id'),
    name: text('name').notNull(),
    /** Lower-cased (the contract's e-mail field). */
    email: text('email').notNull(),
    tokenNonce: text('token_nonce').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Set at release: the nonce of this contact's private watch link (a delivery watch grant). */
    watchNonce: text('watch_nonce'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('legacy_contacts_owner_email').on(t.ownerId, t.email)],
);

/** A reported passing: waiting → cancelled | halted | released (decision 0249). */
export const legacyReports = pgTable(
  'legacy_reports',
  {
    id: identityId(),
    ownerId: accountRef('owner_id'),
    state: text('state', { enum: reportStates }).notNull().default('waiting'),
    /** The first reporter's (joined reports are in legacy_reporters). */
    reporterKind: text('reporter_kind', { enum: reporterKinds }).notNull(),
    reporterName: text('reporter_name').notNull(),
    relation: text('relation').notNull(),
    note: text('note'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** An admin's reason for a halt (the owner reads it in the log). */
    endReason: text('end_reason'),
    /** The last of the owner's daily reminders during the waiting period. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    // At most one waiting report per account: a second report joins it.
    uniqueIndex('legacy_reports_one_waiting')
      .on(t.ownerId)
      .where(sql`${t.state} = 'waiting'`),
    index('legacy_reports_due_idx')
      .on(t.releaseAt)
      .where(sql`${t.state} = 'waiting'`),
    index('legacy_reports_reported_idx').on(t.reportedAt.desc(), t.id.desc()),
    index('legacy_reports_owner_idx').on(t.ownerId, t.reportedAt.desc()),
  ],
);

/** Everyone who reported into a report (the first one too): each is told if it is cancelled. */
export const legacyReporters = pgTable(
  'legacy_reporters',
  {
    id: identityId(),
    reportId: integer('report_id')
      .notNull()
      .references(() => legacyReports.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: reporterKinds }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    contactId: integer('contact_id').references(() => legacyContacts.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    relation: text('relation').notNull(),
    note: text('note'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('legacy_reporters_report_idx').on(t.reportId)],
);

/**
 * The owner's "I'm alive" links: one per report or per check-in, ending with it. Token derived from
 * `token_nonce` with APP_SECRET (every daily reminder carries the same link); only its SHA-256 is looked up.
 */
export const legacyAliveTokens = pgTable(
  'legacy_alive_tokens',
  {
    id: identityId(),
    ownerId: accountRef('owner_id'),
    reportId: integer('report_id').references(() => legacyReports.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['report', 'check-in'] }).notNull(),
    tokenNonce: text('token_nonce').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('legacy_alive_tokens_owner_idx').on(t.ownerId)],
);

/** What happened, for the owner (newest first on their page). */
export const legacyLog = pgTable(
  'legacy_log',
  {
    id: identityId(),
    ownerId: accountRef('owner_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('legacy_log_owner_idx').on(t.ownerId, t.at.desc(), t.id.desc())],
);

export type LegacySettingsRow = typeof legacySettings.$inferSelect;
export type LegacyContactRow = typeof legacyContacts.$inferSelect;
export type LegacyReportRow = typeof legacyReports.$inferSelect;
