import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SubscriptionLogQuery, SubscriptionLogRow } from '@pw/contracts';
import type { Clock } from '../../../platform/clock';
import { fromCents } from '../../plans';
import type { Db } from '../../../platform/db';
import { dayRange, searchAcross } from '../../../platform/db/paginate';
import { payments, subscriptions } from '../payments.schema';
import { accountsView } from '../../accounts';
import { plansView as plans } from '../../plans';

// Other modules' tables, read through their public views (decision 0310).
const users = accountsView('users');

/** The admin's purchase log of one kind of plan (docs/product.md §13.4 subscription log row). */
export function createSubscriptionLog(db: Db, clock: Clock) {
  return async function subscriptionLog(kind: string, query: SubscriptionLogQuery) {
    const now = clock.now();
    // Active: not ended by a renewal and not past its expiry (life-time never is).
    const active = and(
      ne(subscriptions.status, 'expired'),
      or(isNull(subscriptions.expiresAt), gt(subscriptions.expiresAt, now)),
    );
    const where: SQL | undefined = and(
      eq(subscriptions.kind, kind),
      query.status === undefined ? undefined : query.status === 1 ? active : sql`not (${active})`,
      query.search
        ? or(
            inArray(
              subscriptions.accountId,
              db
                .select({ id: users.id })
                .from(users)
                .where(
                  searchAcross([users.firstName, users.lastName, users.homeName, users.email], query.search),
                ),
            ),
            inArray(
              subscriptions.planId,
              db
                .select({ id: plans.id })
                .from(plans)
                .where(searchAcross([plans.title], query.search)),
            ),
          )
        : undefined,
      ...dayRange(subscriptions.startsAt, query.from_date, query.to_date, query.tz),
      ...dayRange(subscriptions.expiresAt, query.expiry_from, query.expiry_to, query.tz),
    );
    const direction = query.order === 'asc' ? asc : desc;
    // The price paid, read for the ordering without joining payments to every filtered row.
    const paid = sql`(select ${payments.amountCents} from ${payments} where ${payments.id} = ${subscriptions.paymentId})`;
    const sortColumn = query.sort === 'price' ? paid : subscriptions.startsAt;
    // As the payment log (decision 0235): filter and count on subscriptions alone, join the page's rows only.
    const ids = db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(where)
      .orderBy(direction(sortColumn), direction(subscriptions.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .as('page');
    const [rows, [counted]] = await Promise.all([
      db
        .select({
          id: subscriptions.id,
          firstName: users.firstName,
          lastName: users.lastName,
          homeName: users.homeName,
          email: users.email,
          planTitle: plans.title,
          amountCents: payments.amountCents,
          startsAt: subscriptions.startsAt,
          expiresAt: subscriptions.expiresAt,
          active: sql<boolean>`coalesce(${active}, false)`,
        })
        .from(ids)
        .innerJoin(subscriptions, eq(subscriptions.id, ids.id))
        .innerJoin(users, eq(users.id, subscriptions.accountId))
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .innerJoin(payments, eq(payments.id, subscriptions.paymentId))
        .orderBy(
          direction(query.sort === 'price' ? payments.amountCents : subscriptions.startsAt),
          direction(subscriptions.id),
        ),
      db.select({ total: count() }).from(subscriptions).where(where),
    ]);
    const items = rows.map((row): SubscriptionLogRow => ({
      id: row.id,
      // docs/product.md §9.6 'Funeral Home Name': a funeral home is known by its home's name.
      name: row.homeName ?? `${row.firstName} ${row.lastName}`,
      email: row.email,
      plan_title: row.planTitle,
      status: row.active ? 1 : 0,
      status_detail: row.active ? 'Active' : 'Expired',
      price: fromCents(row.amountCents),
      purchase_date: row.startsAt.toISOString(),
      expiry_date: row.expiresAt?.toISOString() ?? null,
    }));
    return { items, total: counted?.total ?? 0 };
  };
}

export type SubscriptionLog = ReturnType<typeof createSubscriptionLog>;
