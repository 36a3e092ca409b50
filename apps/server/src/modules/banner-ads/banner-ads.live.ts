import { BANNER_MESSAGES, bannerAdRoutes, routePath, type BannerSlotAd } from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import type { DbTx } from '../../platform/db';
import { invalid, notFound } from '../../platform/errors';
import type { Notifications } from '../notifications';
import type { BannerAdsRepo } from './banner-ads.repo';
import { createBannerAdAccess } from './banner-ads.access';
import { bannerAdNotices } from './banner-ads.notices';
import { clickToken, readClickToken } from './banner-ads.clicks';
import type { SignKey } from './banner-ads.view';
import { createLiveRotation } from './banner-ads.rotation';

/** What payments asks of banner ads when a banner plan is paid (docs/product.md §8.5). */
export interface BannerPayments {
  /**
   * The payer's own approved, unpaid request, its row held until the payment's transaction ends;
   * another account's (or none) is a 404, a pending, rejected or paid one a 422 naming why.
   */
  payable(accountId: number, adId: number, tx: DbTx): Promise<{ id: number; brandName: string }>;
  /** Puts it live for the payment, from `startsAt` to `endsAt` (null: life-time), and tells the requester. */
  goLive(
    adId: number,
    live: { planId: number; paymentId: number; startsAt: Date; endsAt: Date | null },
    tx: DbTx,
  ): Promise<void>;
}

export interface BannerLiveDeps {
  repo: BannerAdsRepo;
  clock: Clock;
  secret: string;
  sign: SignKey;
  notifications: Pick<Notifications, 'notify'>;
  /** Whether the reader holds a running ad-free plan (payments answers it, late: docs/product.md §7.4). */
  holdsAdFree(accountId: number): Promise<boolean>;
}

/** The click path of a token, under /api (the route table's path, never written twice). */
const clickPath = (token: string) => `/api${routePath(bannerAdRoutes.click, { token })}`;

/** Paid ads: the payment that puts one live, the slot that shows them, the click that leaves for the brand. */
export function createBannerLive(deps: BannerLiveDeps) {
  const { repo, clock, secret, sign, notifications } = deps;
  const rotation = createLiveRotation({ repo, clock });
  const access = createBannerAdAccess(repo);

  const payments: BannerPayments = {
    async payable(accountId, adId, tx) {
      const ad = await access.require({ id: accountId }, 'ad.own', adId, tx);
      if (ad.paymentId !== null) throw invalid('banner_ad_id', BANNER_MESSAGES.alreadyPaid);
      if (ad.status === 'pending') throw invalid('banner_ad_id', BANNER_MESSAGES.notApproved);
      if (ad.status === 'rejected') throw invalid('banner_ad_id', BANNER_MESSAGES.rejectedNotPayable);
      return { id: ad.id, brandName: ad.brandName };
    },

    async goLive(adId, live, tx) {
      const ad = await repo.goLive(adId, live, tx);
      // `payable` held the row since: only a bug gets here, and it undoes the whole payment.
      if (!ad) throw new Error(`banner ad ${adId} could not be put live`);
      // Shown from the next view here; other processes read it within LIVE_READ_TTL_MS.
      rotation.forget();
      const [requester] = await repo.requesters([ad.accountId], tx);
      await notifications.notify(ad.accountId, bannerAdNotices.live(ad, requester?.type ?? 'user'), tx);
    },
  };

  return {
    payments,

    /**
     * The ad to show this reader, its view counted if it is the reader's first of this ad today; null for
     * ad-free readers (nothing counted) or none live.
     */
    async slot(accountId: number): Promise<BannerSlotAd | null> {
      if (await deps.holdsAdFree(accountId)) return null;
      const shown = await rotation.next(accountId);
      if (!shown) return null;
      const now = clock.now();
      return {
        id: shown.id,
        brand_name: shown.brandName,
        image_url: shown.imageKey ? sign(shown.imageKey) : '',
        click_url: clickPath(clickToken(secret, shown.id, accountId, now)),
      };
    },

    /**
     * Where a click goes: the ad's own brand URL, counted while the ad runs and the link is fresh
     * (docs/product.md §8.6), once per reader a day. A token we did not sign, or an ad never paid, is not
     * found.
     */
    async click(token: string): Promise<string> {
      const now = clock.now();
      const check = readClickToken(secret, token, now);
      if (!check) throw notFound();
      const ad = await repo.findById(check.adId);
      if (!ad || ad.paymentId === null) throw notFound();
      if (!check.expired && check.readerId !== null) await repo.countClick(ad.id, check.readerId, now);
      return ad.brandUrl;
    },
  };
}

export type BannerLive = ReturnType<typeof createBannerLive>;
