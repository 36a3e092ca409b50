import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { BannerAdListQuery, BannerAdStatus } from '@pw/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { paginate, searchAcross } from '../../platform/db/paginate';
import { bannerAdImages, bannerAdReaders, bannerAds, type BannerAdRow } from './banner-ads.schema';
import { accountActiveById, accountsView } from '../accounts';
import { plansView as plans } from '../plans';

// Other modules' tables, read through their public views (decision 0310).
const users = accountsView('users');

/** The list kit's view of banner_ads (search is added per list: the admin's also looks at requesters). */
const bannerAdList = {
  table: bannerAds,
  select: {
    id: bannerAds.id,
    accountId: bannerAds.accountId,
    brandName: bannerAds.brandName,
    brandEmail: bannerAds.brandEmail,
    brandUrl: bannerAds.brandUrl,
    status: bannerAds.status,
    rejectionReason: bannerAds.rejectionReason,
    reviewedAt: bannerAds.reviewedAt,
    planId: bannerAds.planId,
    paymentId: bannerAds.paymentId,
    startsAt: bannerAds.startsAt,
    endsAt: bannerAds.endsAt,
    views: bannerAds.views,
    clicks: bannerAds.clicks,
    createdAt: bannerAds.createdAt,
  },
  sortable: { created_at: bannerAds.createdAt, brand_name: bannerAds.brandName },
  tieBreaker: bannerAds.id,
  searchable: [],
  dated: bannerAds.createdAt,
};

export type BannerAdSummary = Pick<
  BannerAdRow,
  | 'id'
  | 'accountId'
  | 'brandName'
  | 'brandEmail'
  | 'brandUrl'
  | 'status'
  | 'rejectionReason'
  | 'reviewedAt'
  | 'planId'
  | 'paymentId'
  | 'startsAt'
  | 'endsAt'
  | 'views'
  | 'clicks'
  | 'createdAt'
>;

/** What the slot shows of the ad it picked. */
export interface ShownAd {
  id: number;
  brandName: string;
  imageKey: string | null;
}

/**
 * Running at `now` (decision 0259): paid, approved, started and not ended (a life-time plan has no end),
 * its requester's account active. The same test for the slot and for counting a click.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
/** The day a view or click counts for: the UTC date (docs/product.md §8.6). */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The reader's row for this ad, kind and day, inserted only if the ad runs at `now`, and returned only
 * if it is new: the statement that uses it counts 1 for a first time today, 0 for a repeat.
 */
function firstToday(tx: DbOrTx, kind: 'view' | 'click', id: number, readerId: number, now: Date) {
  return tx.$with('counted').as(
    tx
      .insert(bannerAdReaders)
      .select(
        tx
          .select({
            day: sql<string>`${utcDay(now)}::date`.as('day'),
            kind: sql<'view' | 'click'>`${kind}`.as('kind'),
            bannerAdId: bannerAds.id,
            readerId: sql<number>`${readerId}::int`.as('reader_id'),
          })
          .from(bannerAds)
          .where(and(eq(bannerAds.id, id), runningAt(now))),
      )
      .onConflictDoNothing()
      .returning({ bannerAdId: bannerAdReaders.bannerAdId }),
  );
}

const runningAt = (now: Date): SQL =>
  and(
    isNotNull(bannerAds.paymentId),
    eq(bannerAds.status, 'approved'),
    lte(bannerAds.startsAt, now),
    or(gt(bannerAds.endsAt, now), isNull(bannerAds.endsAt)),
    // A scalar subquery, not a join: PostgreSQL runs it per candidate by the users' primary key,
    // where a join would read the whole users table (a million accounts) for a thousand ads.
    accountActiveById(bannerAds.accountId),
  )!;

export interface NewBannerAd {
  accountId: number;
  brandName: string;
  brandEmail: string;
  brandUrl: string;
  createdAt: Date;
}

/**
 * `counters` takes the views' and clicks' increments: a connection whose commits do not wait for the
 * disk (decision 0259); everything else goes through `db`.
 */
export function createBannerAdsRepo(db: Db, counters: Db = db) {
  const brandSearch = (term: string | undefined) =>
    searchAcross([bannerAds.brandName, bannerAds.brandEmail, bannerAds.brandUrl], term);

  return {
    async insert(ad: NewBannerAd, imageKeys: string[], tx: DbOrTx = db): Promise<BannerAdRow> {
      const [row] = await tx.insert(bannerAds).values(ad).returning();
      await tx
        .insert(bannerAdImages)
        .values(imageKeys.map((storageKey, position) => ({ bannerAdId: row!.id, storageKey, position })));
      return row!;
    },

    async findById(id: number, tx: DbOrTx = db): Promise<BannerAdRow | undefined> {
      const [row] = await tx.select().from(bannerAds).where(eq(bannerAds.id, id));
      return row;
    },

    /** The images of some requests, in the order sent. */
    async imagesOf(ids: number[], tx: DbOrTx = db) {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: bannerAdImages.id,
          bannerAdId: bannerAdImages.bannerAdId,
          key: bannerAdImages.storageKey,
        })
        .from(bannerAdImages)
        .where(inArray(bannerAdImages.bannerAdId, ids))
        .orderBy(asc(bannerAdImages.bannerAdId), asc(bannerAdImages.position));
    },

    /** One account's own requests (search on the brand). */
    listOwn(accountId: number, query: BannerAdListQuery) {
      return paginate(db, bannerAdList, { ...query, search: undefined }, [
        eq(bannerAds.accountId, accountId),
        brandSearch(query.search),
      ]);
    },

    /** The admin's log of one state: search on the brand and on the requester's name and e-mail. */
    listByStatus(status: BannerAdStatus, query: BannerAdListQuery) {
      const requesters = query.search
        ? db
            .select({ id: users.id })
            .from(users)
            .where(searchAcross([users.firstName, users.lastName, users.homeName, users.email], query.search))
        : undefined;
      const search = requesters
        ? or(brandSearch(query.search), inArray(bannerAds.accountId, requesters))
        : undefined;
      return paginate(db, bannerAdList, { ...query, search: undefined }, [
        eq(bannerAds.status, status),
        search,
      ]);
    },

    /** Who asked: name, user type and e-mail of some accounts (a read-only look at accounts' table). */
    async requesters(accountIds: number[], tx: DbOrTx = db) {
      if (accountIds.length === 0) return [];
      return tx
        .select({
          id: users.id,
          type: users.type,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          homeName: users.homeName,
        })
        .from(users)
        .where(inArray(users.id, [...new Set(accountIds)]));
    },

    /** The request, its row held until the transaction ends (a payment checks it, then puts it live). */
    async lockById(id: number, tx: DbOrTx): Promise<BannerAdRow | undefined> {
      const [row] = await tx.select().from(bannerAds).where(eq(bannerAds.id, id)).for('update');
      return row;
    },

    /** Puts an approved, unpaid request live; undefined when it is not (anymore) one. */
    async goLive(
      id: number,
      live: { planId: number; paymentId: number; startsAt: Date; endsAt: Date | null },
      tx: DbOrTx,
    ): Promise<BannerAdRow | undefined> {
      const [row] = await tx
        .update(bannerAds)
        .set(live)
        .where(and(eq(bannerAds.id, id), eq(bannerAds.status, 'approved'), isNull(bannerAds.paymentId)))
        .returning();
      return row;
    },

    /**
     * The ads running at `now`, in turn order: shown longest ago (never shown first) first (decision
     * 0259). Read once in a while by the slot's rotation, not per view: the candidates come from the
     * partial index on live ads by their end, the requester's state by primary key per candidate.
     */
    async liveIds(now: Date, tx: DbOrTx = db): Promise<number[]> {
      const rows = await tx
        .select({ id: bannerAds.id })
        .from(bannerAds)
        .where(runningAt(now))
        .orderBy(sql`${bannerAds.lastShownAt} asc nulls first`, asc(bannerAds.id));
      return rows.map((row) => row.id);
    },

    /**
     * Shows ad `id` to `readerId` if it still runs at `now` (ended, or its requester deactivated since
     * the rotation read it: null), and answers what the slot shows, in one statement by primary key.
     * The view counts only if this reader is new to this ad today (docs/product.md §8.6): the reader's row
     * for the day is inserted in the same statement, and the increment adds what that insert added (1 or
     * 0), so concurrent views are neither lost nor counted twice. `last_shown_at` takes the database's
     * `clock_timestamp()`: it only ranks turns for the next read, and a test's frozen clock must not
     * freeze them. Sent through `counters` (decision 0259).
     */
    async countView(id: number, readerId: number, now: Date, tx: DbOrTx = counters): Promise<ShownAd | null> {
      const counted = firstToday(tx, 'view', id, readerId, now);
      const [row] = await tx
        .with(counted)
        .update(bannerAds)
        .set({
          views: sql`${bannerAds.views} + (select count(*) from ${counted})`,
          lastShownAt: sql`clock_timestamp()`,
        })
        .where(and(eq(bannerAds.id, id), runningAt(now)))
        .returning({
          id: bannerAds.id,
          brandName: bannerAds.brandName,
          imageKey: sql<string | null>`(select ${bannerAdImages.storageKey} from ${bannerAdImages}
            where ${bannerAdImages.bannerAdId} = ${bannerAds.id}
            order by ${bannerAdImages.position} limit 1)`,
        });
      return row ?? null;
    },

    /**
     * Counts a click if the ad runs at `now` and this reader has not clicked it today (docs/product.md §8.6).
     */
    async countClick(id: number, readerId: number, now: Date, tx: DbOrTx = counters): Promise<boolean> {
      const counted = firstToday(tx, 'click', id, readerId, now);
      const rows = await tx
        .with(counted)
        .update(bannerAds)
        .set({ clicks: sql`${bannerAds.clicks} + (select count(*) from ${counted})` })
        .where(and(eq(bannerAds.id, id), runningAt(now)))
        .returning({ counted: sql<number>`(select count(*)::int from ${counted})` });
      return rows[0]?.counted === 1;
    },

    /** Forgets who was counted before yesterday (UTC): a past day's rows decide nothing any more. */
    async pruneReaders(now: Date, tx: DbOrTx = counters): Promise<number> {
      const rows = await tx
        .delete(bannerAdReaders)
        .where(lt(bannerAdReaders.day, utcDay(new Date(now.getTime() - DAY_MS))))
        .returning({ day: bannerAdReaders.day });
      return rows.length;
    },

    /** The banner plans some ads were paid with (a read-only look at plans' table). */
    async plansOf(planIds: number[], tx: DbOrTx = db) {
      const ids = [...new Set(planIds)];
      if (ids.length === 0) return [];
      return tx
        .select({ id: plans.id, title: plans.title, duration: plans.duration })
        .from(plans)
        .where(inArray(plans.id, ids));
    },

    /** Decides a pending request; undefined when it is no longer pending (decided meanwhile). */
    async decide(
      id: number,
      decision: {
        status: 'approved' | 'rejected';
        rejectionReason: string | null;
        reviewedBy: number;
        at: Date;
      },
      tx: DbOrTx = db,
    ): Promise<BannerAdRow | undefined> {
      const [row] = await tx
        .update(bannerAds)
        .set({
          status: decision.status,
          rejectionReason: decision.rejectionReason,
          reviewedBy: decision.reviewedBy,
          reviewedAt: decision.at,
        })
        .where(and(eq(bannerAds.id, id), eq(bannerAds.status, 'pending')))
        .returning();
      return row;
    },
  };
}

export type BannerAdsRepo = ReturnType<typeof createBannerAdsRepo>;
