import { and, asc, count, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { planCategories, type AdminPaymentQuery, type PaymentHistoryQuery } from '@pw/contracts';
import type { Db } from '../../platform/db';

/** How the logs name the payer of a deleted account. */
export const DELETED_PAYER = 'Deleted account';
import { dayRange, searchAcross } from '../../platform/db/paginate';
import { payments, subscriptions } from './payments.schema';
import { type AccountType, accountsView } from '../accounts';
import { bannerAdsView as bannerAds } from '../banner-ads';
import { plansView as plans } from '../plans';

// Other modules' tables, read through their public views (decision 0310).
const users = accountsView('users');

/** From and To are whole days in the reader's zone (the list kit's rule): [from 00:00, to + 1 day). */

const row = {
  id: payments.id,
  accountId: payments.accountId,
  amountCents: payments.amountCents,
  createdAt: payments.createdAt,
  extraSeconds: payments.extraSeconds,
  consumedAt: payments.consumedAt,
  planId: plans.id,
  planTitle: plans.title,
  planKind: plans.kind,
  planDuration: plans.duration,
  planPriceCents: plans.priceCents,
  expiresAt: subscriptions.expiresAt,
  subscriptionStatus: subscriptions.status,
  /** A banner plan starts no subscription: its term is the ad's (docs/product.md §8.5). */
  bannerPaid: bannerAds.id,
  bannerEndsAt: bannerAds.endsAt,
};

/**
 * Payment lists read across payments, the plan bought and its subscription (read-only joins). At a
 * million payments (decision 0235) the filter and the count stay on `payments` alone
 * — a filter on another table is a semi-join (`in (select …)`) — and the wide join is made for the ten
 * rows of the page only: the page's ids first, by the index, then their names, plans and expiries.
 */
export function createPaymentHistoryRepo(db: Db) {
  const total = async (where: SQL | undefined) => {
    const [counted] = await db.select({ total: count() }).from(payments).where(where);
    return counted?.total ?? 0;
  };
  /** The page `query` asks for of the payments `where` selects, sorted by `sort` (then id). */
  const page = async (
    where: SQL | undefined,
    sort: 'createdAt' | 'amountCents',
    { order, page: pageNo, per_page: perPage }: { order: 'asc' | 'desc'; page: number; per_page: number },
  ) => {
    const direction = order === 'asc' ? asc : desc;
    const ids = db
      .select({ id: payments.id })
      .from(payments)
      .where(where)
      .orderBy(direction(payments[sort]), direction(payments.id))
      .limit(perPage)
      .offset((pageNo - 1) * perPage)
      .as('page');
    const [rows, counted] = await Promise.all([
      db
        .select({
          ...row,
          // A funeral home by its home's name, a person by theirs (docs/product.md §9.6).
          // A deleted account's payment stays, without its payer (docs/product.md §11.6).
          name: sql<string>`coalesce(${users.homeName}, ${users.firstName} || ' ' || ${users.lastName}, ${DELETED_PAYER})`,
          email: sql<string>`coalesce(${users.email}, '')`,
          type: sql<AccountType | 'deleted'>`coalesce(${users.type}, 'deleted')`,
        })
        .from(ids)
        .innerJoin(payments, eq(payments.id, ids.id))
        .leftJoin(users, eq(users.id, payments.accountId))
        .leftJoin(plans, eq(plans.id, payments.planId))
        .leftJoin(subscriptions, eq(subscriptions.paymentId, payments.id))
        .leftJoin(bannerAds, eq(bannerAds.paymentId, payments.id))
        .orderBy(direction(payments[sort]), direction(payments.id)),
      total(where),
    ]);
    return { rows, total: counted };
  };
  /** Payments whose subscription expires within the days (the Expiry Date filter). */
  const expiringWithin = (from?: string, to?: string, tz?: string) => {
    const range = dayRange(subscriptions.expiresAt, from, to, tz);
    if (range.length === 0) return undefined;
    const bannerRange = dayRange(bannerAds.endsAt, from, to, tz);
    return or(
      inArray(
        payments.id,
        db
          .select({ id: subscriptions.paymentId })
          .from(subscriptions)
          .where(and(...range)),
      ),
      inArray(
        payments.id,
        db
          .select({ id: sql<number>`${bannerAds.paymentId}` })
          .from(bannerAds)
          .where(and(isNotNull(bannerAds.paymentId), ...bannerRange)),
      ),
    );
  };

  return {
    /** One account's payments (the subscription log / funeral history). */
    ofAccount(accountId: number, query: PaymentHistoryQuery) {
      const where = and(
        eq(payments.accountId, accountId),
        ...dayRange(payments.createdAt, query.from_date, query.to_date, query.tz),
        expiringWithin(query.expiry_from, query.expiry_to, query.tz),
      );
      return page(where, query.sort === 'amount' ? 'amountCents' : 'createdAt', query);
    },

    /** Every payment, for the admin's payment log. */
    all(query: AdminPaymentQuery) {
      const category = planCategories.find((c) => c.id === query.subscription_type);
      const plansOf = (condition: SQL | undefined) =>
        inArray(payments.planId, db.select({ id: plans.id }).from(plans).where(condition));
      const accountsOf = (condition: SQL | undefined) =>
        inArray(payments.accountId, db.select({ id: users.id }).from(users).where(condition));
      const byCategory =
        query.subscription_type === undefined
          ? undefined
          : category
            ? plansOf(eq(plans.kind, category.kind))
            : isNotNull(payments.extraSeconds);
      const bySearch = query.search
        ? or(
            accountsOf(
              searchAcross([users.firstName, users.lastName, users.homeName, users.email], query.search),
            ),
            plansOf(searchAcross([plans.title], query.search)),
          )
        : undefined;
      const where = and(
        query.user_type ? accountsOf(eq(users.type, query.user_type)) : undefined,
        byCategory,
        bySearch,
        ...dayRange(payments.createdAt, query.from_date, query.to_date, query.tz),
      );
      return page(where, query.sort === 'price' ? 'amountCents' : 'createdAt', query);
    },
  };
}

export type PaymentHistoryRepo = ReturnType<typeof createPaymentHistoryRepo>;
export type PaymentHistoryEntry = Awaited<ReturnType<PaymentHistoryRepo['all']>>['rows'][number];
