import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { identityId, createdAt } from '../../platform/db/columns';

/**
 * Plans of the four kinds kept as rows (docs/product.md §7): membership, ad-free, funeral-home, banner-ad. Money
 * is whole cents in an integer, exact and summed without rounding (docs/decisions/0150-plan-money.md).
 */
export const plans = pgTable(
  'plans',
  {
    id: identityId(),
    /** membership | ad-free | funeral-home | banner-ad (PlanKind in @pw/contracts). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    /** weekly (banner-ad only) | monthly | yearly | life-time. */
    duration: text('duration').notNull(),
    priceCents: integer('price_cents').notNull(),
    description: text('description').notNull(),
    /** 1 active (offered), 0 inactive (docs/product.md §13.4). */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The admin's lists are per kind, newest change first; the offers read a kind's active plans. Plans
  // number in tens, so search (title, description) needs no trigram index.
  (t) => [index('plans_kind_updated_idx').on(t.kind, t.updatedAt.desc(), t.id.desc())],
);

/** The per-minute rate of extra video time: each row is one setting; the newest is the rate in force. */
export const oneTimeRates = pgTable(
  'one_time_rates',
  {
    id: identityId(),
    rateCents: integer('rate_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_rates_created_idx').on(t.createdAt.desc(), t.id.desc())],
);
