import { randomBytes } from 'node:crypto';
import {
  BANNER_MESSAGES,
  type BannerAdCreateInput,
  type BannerAdDecision,
  type BannerAdListQuery,
  type BannerAdStatus,
} from '@pw/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { invalid, notFound } from '../../platform/errors';
import { signedMediaUrl } from '../../platform/http/signed-url';
import { IMAGE_FILE_TYPES, type InspectedImage } from '../../platform/storage/images';
import { deleteQuietly, type Storage } from '../../platform/storage/storage';
import type { AuthAccount } from '../accounts';
import type { Notifications } from '../notifications';
import type { BannerAdsRepo, BannerAdSummary } from './banner-ads.repo';
import { createBannerAdAccess } from './banner-ads.access';
import { bannerAdNotices } from './banner-ads.notices';
import {
  adminBannerAdDetail,
  adminBannerAdRow,
  bannerAdItem,
  requesterName,
  type ItemContext,
} from './banner-ads.view';

export interface BannerAdsServiceDeps {
  db: Db;
  repo: BannerAdsRepo;
  storage: Storage;
  clock: Clock;
  secret: string;
  logger: FastifyBaseLogger;
  notifications: Pick<Notifications, 'notify'>;
}

export type BannerAdFields = Omit<BannerAdCreateInput, 'images'>;

const DECIDED_AS = { 1: 'approved', 2: 'rejected' } as const;

/** Banner ad requests (docs/product.md §8.4, first slice): asked by users and funeral homes, decided by an admin. */
export function createBannerAdsService(deps: BannerAdsServiceDeps) {
  const { db, repo, storage, clock, secret, logger, notifications } = deps;
  const sign = (key: string) => signedMediaUrl(secret, key, clock.now());

  /** What the ads' pages read besides their rows: their images and the plans they were paid with. */
  async function contextOf(ads: BannerAdSummary[]): Promise<ItemContext> {
    const [images, plans] = await Promise.all([
      repo.imagesOf(ads.map((ad) => ad.id)),
      repo.plansOf(ads.flatMap((ad) => (ad.planId === null ? [] : [ad.planId]))),
    ]);
    return { images, plans, sign, now: clock.now() };
  }

  async function detailOf(ad: BannerAdSummary) {
    const [context, requesters] = await Promise.all([contextOf([ad]), repo.requesters([ad.accountId])]);
    return adminBannerAdDetail(ad, context, requesters);
  }

  const access = createBannerAdAccess(repo);

  return {
    /** Stores the checked images, then records the request and tells the admins, in one transaction. */
    async create(account: AuthAccount, fields: BannerAdFields, images: InspectedImage[]) {
      const keys: string[] = [];
      try {
        for (const image of images) {
          const key = `banner-ads/${randomBytes(16).toString('hex')}.${image.extension}`;
          await storage.putFile(key, image.path, IMAGE_FILE_TYPES[image.extension]);
          keys.push(key);
        }
        const ad = await db.transaction(async (tx) => {
          const row = await repo.insert(
            {
              accountId: account.id,
              brandName: fields.brand_name,
              brandEmail: fields.brand_email,
              brandUrl: fields.brand_url,
              createdAt: clock.now(),
            },
            keys,
            tx,
          );
          const [requester] = await repo.requesters([account.id], tx);
          const name = requester ? requesterName(requester) : account.email;
          await notifications.notify({ role: 'admin' }, bannerAdNotices.newRequest(row, name), tx);
          return row;
        });
        return bannerAdItem(ad, await contextOf([ad]));
      } catch (error) {
        // No row points at them: the stored images go, so a failed request leaves nothing behind.
        await deleteQuietly(storage, keys, logger);
        throw error;
      }
    },

    async listOwn(account: AuthAccount, query: BannerAdListQuery) {
      const { rows, total } = await repo.listOwn(account.id, query);
      const context = await contextOf(rows);
      return { items: rows.map((ad) => bannerAdItem(ad, context)), total };
    },

    async detailOwn(account: AuthAccount, id: number) {
      const ad = await access.require(account, 'ad.own', id);
      return bannerAdItem(ad, await contextOf([ad]));
    },

    async log(status: BannerAdStatus, query: BannerAdListQuery) {
      const { rows, total } = await repo.listByStatus(status, query);
      const requesters = await repo.requesters(rows.map((row) => row.accountId));
      return { items: rows.map((row) => adminBannerAdRow(row, requesters)), total };
    },

    async detail(id: number) {
      const ad = await repo.findById(id);
      if (!ad) throw notFound();
      return detailOf(ad);
    },

    /**
     * Decides a pending request and tells its requester, in one transaction (docs/product.md §8.4): the same
     * decision again answers as the first did and notifies nobody twice; the other decision is a 422.
     */
    async decide(admin: AuthAccount, id: number, decision: BannerAdDecision) {
      const status = DECIDED_AS[decision.status as 1 | 2];
      const reason = status === 'rejected' ? (decision.rejection_reason ?? null) : null;
      const outcome = await db.transaction(async (tx) => {
        const decided = await repo.decide(
          id,
          { status, rejectionReason: reason, reviewedBy: admin.id, at: clock.now() },
          tx,
        );
        if (decided) {
          const [requester] = await repo.requesters([decided.accountId], tx);
          const type = requester?.type ?? 'user';
          const notice =
            status === 'approved'
              ? bannerAdNotices.approved(decided, type)
              : bannerAdNotices.rejected(decided, type, reason ?? '');
          await notifications.notify(decided.accountId, notice, tx);
          return decided;
        }
        const current = await repo.findById(id, tx);
        if (!current) throw notFound();
        if (current.status !== status) throw invalid('status', BANNER_MESSAGES.alreadyDecided);
        return current;
      });
      const message = status === 'approved' ? BANNER_MESSAGES.approved : BANNER_MESSAGES.rejected;
      return { message, data: await detailOf(outcome) };
    },
  };
}

export type BannerAdsService = ReturnType<typeof createBannerAdsService>;
