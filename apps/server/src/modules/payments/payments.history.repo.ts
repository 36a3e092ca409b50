import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { planCategories, type AdminPaymentQuery, type PaymentHistoryQuery } from '@pw/contracts';
import type { Db } from '../../platform/db';
import { users } from '../accounts/accounts.schema';
import { plans } from '../plans/plans.schema';
import { dayRange, searchAcross } from '../../platform/db/paginate';
import { payments, subscriptions } from './payments.schema';

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
};

/** Payment lists read across payments, the plan bought and its subscription (read-only joins). */
export function createPaymentHistoryRepo(db: Db) {
  const base = () =>
    db
      .select({
        ...row,
        // A funeral home by its home's name, a person by theirs (decision 0178).
        name: sql<string>`coalesce(${users.homeName}, ${users.firstName} || ' ' || ${users.lastName})`,
        email: users.email,
        type: users.type,
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.accountId))
      .leftJoin(plans, eq(plans.id, payments.planId))
      .leftJoin(subscriptions, eq(subscriptions.paymentId, payments.id));
  const total = async (where: SQL | undefined) => {
    const [counted] = await db
      .select({ total: count() })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.accountId))
      .leftJoin(plans, eq(plans.id, payments.planId))
      .leftJoin(subscriptions, eq(subscriptions.paymentId, payments.id))
      .where(where);
    return counted?.total ?? 0;
  };
  const page = async (
    where: SQL | undefined,
    sortColumn: typeof payments.createdAt | typeof payments.amountCents,
    order: 'asc' | 'desc',
    pageNo: number,
    perPage: number,
  ) => {
    const direction = order === 'asc' ? asc : desc;
    const [rows, counted] = await Promise.all([
      base()
        .where(where)
        .orderBy(direction(sortColumn), direction(payments.id))
        .limit(perPage)
        .offset((pageNo - 1) * perPage),
      total(where),
    ]);
    return { rows, total: counted };
  };

  return {
    /** One account's payments (the subscription log / funeral history). */
    ofAccount(accountId: number, query: PaymentHistoryQuery) {
      const where = and(
        eq(payments.accountId, accountId),
        ...dayRange(payments.createdAt, query.from_date, query.to_date, query.tz),
        ...dayRange(subscriptions.expiresAt, query.expiry_from, query.expiry_to, query.tz),
      );
      const sortColumn = query.sort === 'amount' ? payments.amountCents : payments.createdAt;
      return page(where, sortColumn, query.order, query.page, query.per_page);
    },

    /** Every payment, for the admin's payment log. */
    all(query: AdminPaymentQuery) {
      const category = planCategories.find((c) => c.id === query.subscription_type);
      const byCategory =
        query.subscription_type === undefined
          ? undefined
          : category
            ? eq(plans.kind, category.kind)
            : isNotNull(payments.extraSeconds);
      const where = and(
        query.user_type ? eq(users.type, query.user_type) : undefined,
        byCategory,
        searchAcross(
          [users.firstName, users.lastName, users.homeName, users.email, plans.title],
          query.search,
        ),
        ...dayRange(payments.createdAt, query.from_date, query.to_date, query.tz),
      );
      const sortColumn = query.sort === 'price' ? payments.amountCents : payments.createdAt;
      return page(where, sortColumn, query.order, query.page, query.per_page);
    },
  };
}

export type PaymentHistoryRepo = ReturnType<typeof createPaymentHistoryRepo>;
export type PaymentHistoryEntry = Awaited<ReturnType<PaymentHistoryRepo['all']>>['rows'][number];
