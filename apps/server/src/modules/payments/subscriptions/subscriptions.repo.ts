import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db';
import type { Holder } from '../payments.notices';
import { payments, subscriptionRunningAt, subscriptions } from '../payments.schema';
import { accountsView } from '../../accounts';
import { plansView as plans } from '../../plans';

// Other modules' tables, read through their public views (decision 0310).
const users = accountsView('users');

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A subscription with what its holder is shown of it: the plan's title and duration, the price paid. */
export interface SubscriptionView extends SubscriptionRow {
  title: string;
  duration: string;
  amountCents: number;
}

const WARNING_MS = 7 * 24 * 60 * 60 * 1000;

/** The subscriptions' queries for cancelling, the account's plans and the expiry job; `tx` last. */
export function createSubscriptionsRepo(db: Db) {
  const viewColumns = {
    row: subscriptions,
    title: plans.title,
    duration: plans.duration,
    amountCents: payments.amountCents,
  };
  const views = (tx: DbOrTx) =>
    tx
      .select(viewColumns)
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .innerJoin(payments, eq(payments.id, subscriptions.paymentId));
  const flatten = ({
    row,
    ...rest
  }: {
    row: SubscriptionRow;
    title: string;
    duration: string;
    amountCents: number;
  }) => ({ ...row, ...rest }) satisfies SubscriptionView;

  return {
    /** The account's running subscriptions of these kinds, newest first. */
    async running(
      accountId: number,
      kinds: string[],
      now: Date,
      tx: DbOrTx = db,
    ): Promise<SubscriptionView[]> {
      const rows = await views(tx)
        .where(
          and(
            eq(subscriptions.accountId, accountId),
            inArray(subscriptions.kind, kinds),
            subscriptionRunningAt(now),
          ),
        )
        .orderBy(desc(subscriptions.startsAt), desc(subscriptions.id));
      return rows.map(flatten);
    },

    /** Which of these accounts hold a running subscription of the kind: one statement for a whole list. */
    async holdersAmong(accountIds: number[], kind: string, now: Date, tx: DbOrTx = db): Promise<number[]> {
      if (accountIds.length === 0) return [];
      const rows = await tx
        .selectDistinct({ accountId: subscriptions.accountId })
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.accountId, accountIds),
            eq(subscriptions.kind, kind),
            subscriptionRunningAt(now),
          ),
        );
      return rows.map((row) => row.accountId);
    },

    async findOwned(id: number, accountId: number, tx: DbOrTx = db): Promise<SubscriptionView | null> {
      const [row] = await views(tx)
        .where(and(eq(subscriptions.id, id), eq(subscriptions.accountId, accountId)))
        .limit(1);
      return row ? flatten(row) : null;
    },

    /** Cancels the auto-renewal of an active subscription; false when it was not active. */
    async cancel(id: number, now: Date, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(subscriptions)
        .set({ status: 'cancelled', autoRenew: false, cancelledAt: now })
        .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active')))
        .returning({ id: subscriptions.id });
      return rows.length === 1;
    },

    /** Turns a cancelled subscription's auto-renewal back on; false when it was not cancelled. */
    async resume(id: number, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(subscriptions)
        .set({ status: 'active', autoRenew: true, cancelledAt: null })
        .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'cancelled')))
        .returning({ id: subscriptions.id });
      return rows.length === 1;
    },

    /** Running subscriptions ending within 7 days whose holder was not told yet (longer than 7 days). */
    async dueWarnings(now: Date, limit: number, tx: DbOrTx = db): Promise<number[]> {
      const horizon = new Date(now.getTime() + WARNING_MS);
      const rows = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            ne(subscriptions.status, 'expired'),
            isNull(subscriptions.warnedAt),
            isNotNull(subscriptions.expiresAt),
            gt(subscriptions.expiresAt, now),
            lte(subscriptions.expiresAt, horizon),
            // A weekly plan is all "last week": its holder is told at its end only.
            sql`${subscriptions.expiresAt} - ${subscriptions.startsAt} > interval '7 days'`,
          ),
        )
        .orderBy(asc(subscriptions.expiresAt), asc(subscriptions.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Takes the warning of one subscription (once): its view when this call took it, else null. */
    async takeWarning(id: number, now: Date, tx: DbOrTx = db): Promise<SubscriptionView | null> {
      const rows = await tx
        .update(subscriptions)
        .set({ warnedAt: now })
        .where(and(eq(subscriptions.id, id), isNull(subscriptions.warnedAt), subscriptionRunningAt(now)))
        .returning({ id: subscriptions.id });
      if (rows.length === 0) return null;
      const [row] = await views(tx).where(eq(subscriptions.id, id));
      return flatten(row!);
    },

    /** Subscriptions whose end has come and that are not marked expired yet. */
    async dueEnds(now: Date, limit: number, tx: DbOrTx = db): Promise<number[]> {
      const rows = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(ne(subscriptions.status, 'expired'), lte(subscriptions.expiresAt, now)))
        .orderBy(asc(subscriptions.expiresAt), asc(subscriptions.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** One subscription with its view and the stored reference of the payment that bought it. */
    async forRenewal(id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          ...viewColumns,
          reference: payments.providerReference,
          brand: payments.brand,
          last4: payments.last4,
        })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .innerJoin(payments, eq(payments.id, subscriptions.paymentId))
        .where(eq(subscriptions.id, id));
      if (!row) return null;
      const { reference, brand, last4, ...view } = row;
      return { subscription: flatten(view), reference, brand, last4 };
    },

    /** The account a notice is about: its type (for the link), name and e-mail. */
    async holder(accountId: number, tx: DbOrTx = db): Promise<Holder> {
      const [row] = await tx
        .select({
          id: users.id,
          type: users.type,
          firstName: users.firstName,
          lastName: users.lastName,
          homeName: users.homeName,
          email: users.email,
        })
        .from(users)
        .where(eq(users.id, accountId));
      const { firstName, lastName, homeName, ...rest } = row!;
      return { ...rest, name: homeName ?? `${firstName} ${lastName}`.trim() };
    },

    /** Marks a subscription expired (once): false when another run already did. */
    async markExpired(id: number, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(subscriptions)
        .set({ status: 'expired', autoRenew: false })
        .where(and(eq(subscriptions.id, id), ne(subscriptions.status, 'expired')))
        .returning({ id: subscriptions.id });
      return rows.length === 1;
    },
  };
}

export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>;
