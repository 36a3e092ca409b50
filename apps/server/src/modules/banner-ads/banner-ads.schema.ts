import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bannerAdStatuses } from '@pw/contracts';
import { users } from '../accounts/accounts.schema';

/** Spec 000 §3 banner ad requests: asked by a user or funeral home, decided by an admin (spec 001). */
export const bannerAds = pgTable(
  'banner_ads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandName: text('brand_name').notNull(),
    brandEmail: text('brand_email').notNull(),
    /** Always an http(s) URL (decision 0205). */
    brandUrl: text('brand_url').notNull(),
    status: text('status', { enum: bannerAdStatuses }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    // The payment slice fills these once an approved request is paid (issue 12): the banner plan
    // bought, its subscription, and when the ad runs. No foreign keys yet: that slice owns the link.
    planId: integer('plan_id'),
    subscriptionId: integer('subscription_id'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The requester's own list, newest first; the admin's logs by state, newest first.
    index('banner_ads_account_created_idx').on(t.accountId, t.createdAt.desc(), t.id.desc()),
    index('banner_ads_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

/** The images of a request (1–3), in the order sent; `storageKey` is a private media key. */
export const bannerAdImages = pgTable(
  'banner_ad_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bannerAdId: integer('banner_ad_id')
      .notNull()
      .references(() => bannerAds.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('banner_ad_images_ad_idx').on(t.bannerAdId, t.position)],
);

export type BannerAdRow = typeof bannerAds.$inferSelect;
export type BannerAdImageRow = typeof bannerAdImages.$inferSelect;
