import { bigint, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Revenue and purchases already summed, so the dashboard never adds up a million payments per call
 * (decision 0231). A row sums the payments of one plan kind (or 'one-time') made in one UTC bucket of
 * `width` minutes: 15 (a quarter of an hour), 60 or 1440 (a day). Rows exist only for buckets that ended
 * before the watermark (`dashboard_rollup_state.covered_until`); what follows it is read from payments.
 * Only the dashboard module writes these tables, from the payments it reads.
 */
export const dashboardPaymentBuckets = pgTable(
  'dashboard_payment_buckets',
  {
    width: smallint('width').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    purchases: integer('purchases').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.width, t.startsAt, t.kind] })],
);

/** How far the buckets are complete: one row (`name` 'payments'). */
export const dashboardRollupState = pgTable('dashboard_rollup_state', {
  name: text('name').primaryKey(),
  coveredUntil: timestamp('covered_until', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
