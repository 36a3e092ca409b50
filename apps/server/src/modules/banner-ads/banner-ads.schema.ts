import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bannerAdStatuses } from '@pw/contracts';
import { accountRef, users } from '../accounts/accounts.schema';
import { payments } from '../payments/payments.schema';
import { plans } from '../plans/plans.schema';
import { identityId, createdAt } from '../../platform/db/columns';

/** docs/product.md §13.4 banner ad requests: asked by a user or funeral home, decided by an admin (docs/product.md §9). */
export const bannerAds = pgTable(
  'banner_ads',
  {
    id: identityId(),
    accountId: accountRef('account_id'),
    brandName: text('brand_name').notNull(),
    brandEmail: text('brand_email').notNull(),
    /** Always an http(s) URL (docs/product.md §8.4). */
    brandUrl: text('brand_url').notNull(),
    status: text('status', { enum: bannerAdStatuses }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    // Filled, all at once, by the payment that puts an approved request live (docs/product.md §8.5): the
    // banner plan bought, its payment, and when the ad runs (starts_at ≤ now < ends_at).
    planId: integer('plan_id').references(() => plans.id),
    paymentId: integer('payment_id').references(() => payments.id),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Counted by the slot and the click link, each an atomic increment of the row (decision 0259). */
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    /** When the slot last showed it: the slot shows the live ad shown longest ago (decision 0259). */
    lastShownAt: timestamp('last_shown_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The requester's own list, newest first; the admin's logs by state, newest first.
    index('banner_ads_account_created_idx').on(t.accountId, t.createdAt.desc(), t.id.desc()),
    index('banner_ads_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    // A request is paid once (docs/product.md §8.5).
    uniqueIndex('banner_ads_payment_idx').on(t.paymentId),
    // The slot's candidates: paid ads not yet ended, by their end (decision 0259). Ended ads are past
    // the range scanned, so the slot reads only the live ones however many ran before. No counted
    // column is indexed, so a view's update can stay on its page (a HOT update, no index write).
    index('banner_ads_live_idx')
      .on(t.endsAt)
      .where(sql`${t.paymentId} is not null and ${t.status} = 'approved'`),
  ],
);

/** The images of a request (1–3), in the order sent; `storageKey` is a private media key. */
export const bannerAdImages = pgTable(
  'banner_ad_images',
  {
    id: identityId(),
    bannerAdId: integer('banner_ad_id')
      .notNull()
      .references(() => bannerAds.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('banner_ad_images_ad_idx').on(t.bannerAdId, t.position)],
);

export type BannerAdRow = typeof bannerAds.$inferSelect;
export type BannerAdImageRow = typeof bannerAdImages.$inferSelect;

/**
 * Who was counted for which ad on which day (UTC): a view or a click counts once per reader, ad and
 * day (docs/product.md §8.6). The increment of `banner_ads.views`/`clicks` happens only when this row is new,
 * in the same statement. Rows of past days are pruned.
 */
export const bannerAdReaders = pgTable(
  'banner_ad_readers',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['view', 'click'] }).notNull(),
    // No foreign keys: the view's hot path stays one key insert, and rows live two days at most.
    bannerAdId: integer('banner_ad_id').notNull(),
    readerId: integer('reader_id').notNull(),
  },
  // Day first: pruning past days reads a range of the key.
  (t) => [primaryKey({ columns: [t.day, t.kind, t.bannerAdId, t.readerId] })],
);
