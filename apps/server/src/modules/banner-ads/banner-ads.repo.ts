import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { BannerAdListQuery, BannerAdStatus } from '@pw/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { paginate, searchAcross } from '../../platform/db/paginate';
import { users } from '../accounts/accounts.schema';
import { bannerAdImages, bannerAds, type BannerAdRow } from './banner-ads.schema';

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
  | 'createdAt'
>;

export interface NewBannerAd {
  accountId: number;
  brandName: string;
  brandEmail: string;
  brandUrl: string;
  createdAt: Date;
}

export function createBannerAdsRepo(db: Db) {
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
