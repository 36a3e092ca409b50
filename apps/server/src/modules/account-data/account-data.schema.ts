import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountExportStates } from '@pw/contracts';
import { accountRef } from '../accounts/accounts.schema';
import { identityId, createdAt } from '../../platform/db/columns';

/**
 * A data export (docs/product.md §11.5): one zip of everything held about the account, built by the
 * `account-data.export` job, its progress kept here for the owner's page. At most one queued or running
 * per account (a double click answers the same one); a ready archive lives until `expires_at`, then the
 * sweeper deletes its file and marks it expired.
 */
export const accountExports = pgTable(
  'account_exports',
  {
    id: identityId(),
    accountId: accountRef('account_id'),
    status: text('status', { enum: accountExportStates }).notNull().default('queued'),
    /** 0–100, and what is being done in words. */
    progress: integer('progress').notNull().default(0),
    step: text('step'),
    error: text('error'),
    /** The archive in storage (null until ready, and again once expired). */
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_exports_one_running')
      .on(t.accountId)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('account_exports_account_idx').on(t.accountId, t.id.desc()),
    index('account_exports_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'ready'`),
  ],
);

export type AccountExportRow = typeof accountExports.$inferSelect;

/**
 * Storage keys whose files must go (docs/product.md §11.6): written in the transaction that deletes the rows
 * naming them, so a crash after the commit leaves a list the sweeper finishes, never an orphaned file
 * nobody knows of. A key is removed from here once its file is deleted.
 */
export const fileDeletions = pgTable('file_deletions', {
  key: text('key').primaryKey(),
  createdAt: createdAt(),
});

/**
 * The retention notices claimed (docs/product.md §11.9): one row per ended account, ending
 * and notice (30 or 7 days before the deletion). Inserted with the notice's outbox row in one
 * transaction, so two sweeps at once send it once; keyed by the ending, so an account deactivated
 * again after an activation is told again for its new date. Gone with the account.
 */
export const retentionNotices = pgTable(
  'retention_notices',
  {
    accountId: accountRef('account_id'),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    daysBefore: integer('days_before').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.endedAt, t.daysBefore] })],
);
