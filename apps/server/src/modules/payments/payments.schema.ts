import { and, gt, isNull, ne, or, sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  boolean,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { accountRef, users } from '../accounts/accounts.schema';
import { plans } from '../plans/plans.schema';
import { identityId, createdAt } from '../../platform/db/columns';

/**
 * One row per successful charge (docs/product.md §7.3). What was bought is either a plan (`plan_id`) or extra
 * video seconds (`extra_seconds`). Only what a receipt may show of the card is kept: brand and last
 * four, never the number, the CVV or the expiry (docs/product.md §7.3).
 */
export const payments = pgTable(
  'payments',
  {
    id: identityId(),
    /**
     * Null once the account was deleted: the payment stays for the books, anonymised (docs/product.md §11.6),
     * so revenue and the dashboard's rollup never change when someone leaves.
     */
    accountId: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    planId: integer('plan_id').references(() => plans.id),
    extraSeconds: integer('extra_seconds'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The provider's name and its id of the charge (what a refund or an auto-renewal names). */
    provider: text('provider').notNull(),
    providerReference: text('provider_reference').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    /** succeeded (declines are not stored: nothing was charged). */
    status: text('status').notNull(),
    /** The Idempotency-Key header, or one the server made for a request without it (decision 0160). */
    idempotencyKey: text('idempotency_key').notNull(),
    /** What was bought, as text (`plan:3`, `seconds:60`): a double click without a key is the same one. */
    purpose: text('purpose').notNull(),
    /** The video an extra-time payment was used by, once. */
    consumedByVideo: integer('consumed_by_video'),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_account_key_idx').on(t.accountId, t.idempotencyKey),
    index('payments_account_created_idx').on(t.accountId, t.createdAt.desc(), t.id.desc()),
    index('payments_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** A plan held by an account from a payment: starts at payment, ends at `expires_at` (null: life-time). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: identityId(),
    accountId: accountRef('account_id'),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    /** The plan's kind when bought: one active subscription per account and kind (docs/product.md §7.4). */
    kind: text('kind').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    autoRenew: boolean('auto_renew').notNull().default(true),
    /** active | expired | cancelled (cancelled keeps the plan until expires_at). */
    status: text('status').notNull().default('active'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the holder was told the plan ends (or renews) in 7 days: told once (docs/product.md §7.4). */
    warnedAt: timestamp('warned_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscriptions_account_kind_idx').on(t.accountId, t.kind),
    // The admin's purchase log of a kind, newest first, filtered by purchase day (decision 0235).
    index('subscriptions_kind_starts_idx').on(t.kind, t.startsAt.desc(), t.id.desc()),
    index('subscriptions_payment_idx').on(t.paymentId),
    index('subscriptions_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} <> 'expired'`),
    // The dashboard's running plans of each kind: the few not expired, counted from the index alone.
    index('subscriptions_kind_running_idx')
      .on(t.kind, t.expiresAt)
      .where(sql`${t.status} <> 'expired'`),
    // Who holds a running plan of a kind (the admin's plan filters, decision 0235): from the index alone.
    index('subscriptions_running_holder_idx')
      .on(t.kind, t.accountId, t.expiresAt, t.planId)
      .where(sql`${t.status} <> 'expired'`),
  ],
);

/**
 * THE meaning of a running plan, everywhere (docs/product.md §7.4): not expired, and its end (if any) still
 * ahead by the platform clock — so a cancelled plan runs until it ends, and a life-time one always. With
 * the table, so a read-only join of another module (the admin's lists) asks exactly what payments asks.
 */
export const subscriptionRunningAt = (
  now: Date,
  subscription: { status: PgColumn; expiresAt: PgColumn } = subscriptions,
) =>
  and(
    ne(subscription.status, 'expired'),
    or(isNull(subscription.expiresAt), gt(subscription.expiresAt, now)),
  )!;
