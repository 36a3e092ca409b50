import { and, desc, eq, exists, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { AdminFuneralHomeListQuery, AdminUserListQuery } from '@pw/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { paginate, type ListSource } from '../../platform/db/paginate';
import { type AccountType, accountsView, fullNameOf } from '../accounts';
import {
  paymentsView as payments,
  subscriptionRunningAt,
  subscriptionsView as subscriptions,
} from '../payments';
import { plansView as plans } from '../plans';
import { videosView as videos } from '../videos';

// Other modules' tables, read through their public views (decision 0310).
const users = accountsView('users');

/** The plan kinds an account holds (payments' `kind`), as the admin's screens group them. */
export type HeldKind = 'membership' | 'ad-free' | 'funeral-home';

const listed = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  homeName: users.homeName,
  email: users.email,
  dialingCode: users.dialingCode,
  phone: users.phone,
  status: users.status,
  createdAt: users.createdAt,
};

/**
 * Search looks in the full name (first, a space, last: the expression its trigram index holds), the
 * e-mail and, for homes, the home's name. Both lists page `users` alone (the kit's shape): search, filters and the count never join; a plan
 * filter is a semi-join on the running subscriptions, and the page's plan titles are read afterwards
 * for its rows only (decision 0235).
 */
const accountList = (
  sortable: ListSource<typeof listed>['sortable'],
  searchable: ListSource<typeof listed>['searchable'],
): ListSource<typeof listed> => ({
  table: users,
  select: listed,
  sortable,
  tieBreaker: users.id,
  searchable,
  shortTermsMatchWordStarts: true,
  dated: users.createdAt,
});

const userList = accountList(
  {
    created_at: users.createdAt,
    first_name: users.firstName,
    last_name: users.lastName,
    email: users.email,
    status: users.status,
  },
  [fullNameOf(users), users.email],
);
const homeList = accountList(
  {
    created_at: users.createdAt,
    home_name: users.homeName,
    email: users.email,
    status: users.status,
  },
  [users.homeName, fullNameOf(users), users.email],
);

/** The account holds a running plan of the kind (of this duration, when given). */
function holdsRunning(now: Date, kind: HeldKind, duration?: string): SQL {
  const running = and(
    eq(subscriptions.accountId, users.id),
    eq(subscriptions.kind, kind),
    subscriptionRunningAt(now, subscriptions),
  );
  if (!duration) return exists(sql`(select 1 from ${subscriptions} where ${running})`);
  return exists(
    sql`(select 1 from ${subscriptions} join ${plans} on ${plans.id} = ${subscriptions.planId}
        where ${running} and ${plans.duration} = ${duration})`,
  );
}

/** A plan filter: a duration held ("monthly"…), or none held (the un-subscriber / "unsubscribe"). */
function planFilter(now: Date, kind: HeldKind, value: string | undefined, none: string): SQL | undefined {
  if (!value) return undefined;
  if (value === none) return not(holdsRunning(now, kind));
  return holdsRunning(now, kind, value);
}

export type AccountListRow = Awaited<ReturnType<typeof paginate<typeof listed>>>['rows'][number];

/** The admin's reads of accounts across accounts, payments, plans and videos (read-only joins). */
export function createAdminAccountsRepo(db: Db) {
  return {
    users(query: AdminUserListQuery, now: Date, tx: DbOrTx = db) {
      return paginate(tx as Db, userList, query, [
        eq(users.type, 'user'),
        query.status === undefined ? undefined : eq(users.status, query.status),
        query.adSubscription &&
          (query.adSubscription === 'subscriber'
            ? holdsRunning(now, 'ad-free')
            : not(holdsRunning(now, 'ad-free'))),
        planFilter(now, 'membership', query.timeSubscription, 'un-subscriber'),
      ]);
    },

    funeralHomes(query: AdminFuneralHomeListQuery, now: Date, tx: DbOrTx = db) {
      return paginate(tx as Db, homeList, query, [
        eq(users.type, 'funeral-home'),
        query.status === undefined ? undefined : eq(users.status, query.status),
        planFilter(now, 'funeral-home', query.FilterByPackage, 'unsubscribe'),
      ]);
    },

    /** The running plans' titles of these accounts, newest first (one statement for a whole page). */
    async runningTitles(accountIds: number[], now: Date, tx: DbOrTx = db) {
      if (accountIds.length === 0) return [];
      return tx
        .select({ accountId: subscriptions.accountId, kind: subscriptions.kind, title: plans.title })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(and(inArray(subscriptions.accountId, accountIds), subscriptionRunningAt(now, subscriptions)))
        .orderBy(desc(subscriptions.startsAt), desc(subscriptions.id));
    },

    async account(id: number, type: AccountType, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.type, type)))
        .limit(1);
      return row ?? null;
    },

    /** Every subscription of the account, newest first, with its plan, price paid and whether it runs. */
    subscriptionsOf(accountId: number, now: Date, tx: DbOrTx = db) {
      return tx
        .select({
          id: subscriptions.id,
          kind: subscriptions.kind,
          status: subscriptions.status,
          running: sql<boolean>`coalesce(${subscriptionRunningAt(now, subscriptions)}, false)`,
          startsAt: subscriptions.startsAt,
          expiresAt: subscriptions.expiresAt,
          amountCents: payments.amountCents,
          planId: plans.id,
          title: plans.title,
          duration: plans.duration,
        })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .innerJoin(payments, eq(payments.id, subscriptions.paymentId))
        .where(eq(subscriptions.accountId, accountId))
        .orderBy(desc(subscriptions.startsAt), desc(subscriptions.id));
    },

    /** The id of the owner's final video ("My Parting Words": at most one), or null. */
    async finalVideoOf(ownerId: number, tx: DbOrTx = db): Promise<number | null> {
      const [row] = await tx
        .select({ id: videos.id })
        .from(videos)
        .where(and(eq(videos.ownerId, ownerId), eq(videos.folder, 'final')))
        .limit(1);
      return row?.id ?? null;
    },
  };
}

export type AdminAccountsRepo = ReturnType<typeof createAdminAccountsRepo>;
export type SubscriptionEntry = Awaited<ReturnType<AdminAccountsRepo['subscriptionsOf']>>[number];
export type AccountRow = NonNullable<Awaited<ReturnType<AdminAccountsRepo['account']>>>;
