import { bigint, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Revenue and purchases already summed, so the dashboard never adds up a million payments per call
 * (docs/operations.md §Funeral homes, banner ads and the dashboard). A row sums the payments made in one UTC
 * bucket of `width` minutes — 15, 60, 360 or 1440 — with the purchases and cents of each kind in its own pair
 * of columns (the four plan kinds and one-time purchases: one row per bucket, not five). Rows exist only for
 * buckets that ended before the watermark (`dashboard_rollup_state.covered_until`); what follows it is read
 * from payments. Only the dashboard module writes these tables, from the payments it reads.
 */
export const dashboardPaymentBuckets = pgTable(
  'dashboard_payment_buckets',
  {
    width: smallint('width').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    purchasesMembership: integer('purchases_membership').notNull().default(0),
    centsMembership: bigint('cents_membership', { mode: 'number' }).notNull().default(0),
    purchasesAdFree: integer('purchases_ad_free').notNull().default(0),
    centsAdFree: bigint('cents_ad_free', { mode: 'number' }).notNull().default(0),
    purchasesFuneralHome: integer('purchases_funeral_home').notNull().default(0),
    centsFuneralHome: bigint('cents_funeral_home', { mode: 'number' }).notNull().default(0),
    purchasesBannerAd: integer('purchases_banner_ad').notNull().default(0),
    centsBannerAd: bigint('cents_banner_ad', { mode: 'number' }).notNull().default(0),
    purchasesOneTime: integer('purchases_one_time').notNull().default(0),
    centsOneTime: bigint('cents_one_time', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.width, t.startsAt] })],
);

/** How far the buckets are complete: one row (`name` 'payments'). */
export const dashboardRollupState = pgTable('dashboard_rollup_state', {
  name: text('name').primaryKey(),
  coveredUntil: timestamp('covered_until', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
