import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRef } from '../accounts/accounts.schema';

/**
 * Every policy version an installation has run (docs/product.md §11.7): the first process to start with a new
 * POLICY_VERSION writes its row (the primary key keeps it to one, however many start together), and
 * the announcement duty tells the accounts in id order, keeping its place here.
 */
export const policyVersions = pgTable('policy_versions', {
  version: text('version').primaryKey(),
  /** POLICY_DATE when the version was first seen: the day it took effect (YYYY-MM-DD). */
  date: text('date').notNull(),
  /** When the version was first seen: accounts made before it are asked to acknowledge it. */
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  /** False for an installation's first version: nothing changed for anyone, nobody is told or asked. */
  announce: boolean('announce').notNull(),
  /** The highest account id told so far: the announcement goes on after it. */
  toldThrough: integer('told_through').notNull().default(0),
  toldCount: integer('told_count').notNull().default(0),
  /** When the last account was told (null while the announcement is under way). */
  announcedAt: timestamp('announced_at', { withTimezone: true }),
});

/** One row per account and version it acknowledged (the notice in the signed-in pages). */
export const policyAcknowledgements = pgTable(
  'policy_acknowledgements',
  {
    userId: accountRef('user_id'),
    version: text('version')
      .notNull()
      .references(() => policyVersions.version, { onDelete: 'cascade' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.version] }),
    // The admin's count of one version's acknowledgements.
    index('policy_acknowledgements_version_idx').on(t.version),
  ],
);

export type PolicyVersionRow = typeof policyVersions.$inferSelect;
