import { signedMediaUrl } from '../../platform/http/signed-url';
import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import type { Notifications } from '../notifications';
import { createBannerAdsRepo } from './banner-ads.repo';
import { createBannerAdsService } from './banner-ads.service';
import { registerBannerAdsRoutes } from './banner-ads.routes';
import { createBannerLive, type BannerPayments } from './banner-ads.live';
import { bannerReadersPruneQueue } from './banner-ads.queue';
import { handle } from '../../platform/jobs';
import { readOnlyView } from '../../platform/db/read-only';
import { bannerAds, bannerAdImages } from './banner-ads.schema';

/** Its tables as other modules read and join them: read-only views (decision 0310). */
export const bannerAdsView = readOnlyView(bannerAds, 'banner_ads');
export const bannerAdImagesView = readOnlyView(bannerAdImages, 'banner_ad_images');

export type { BannerPayments } from './banner-ads.live';

/** What banner-ads calls in other modules. */
export interface BannerAdsNeeds {
  /** Admins hear of a new request; the requester of the decision and of the ad going live. */
  notifications: Pick<Notifications, 'notify'>;
  /** Whether an account holds a running ad-free plan (payments, built later: called at request time). */
  holdsAdFree(accountId: number): Promise<boolean>;
}

/** What other modules get of banner ads: payments puts a paid request live (docs/product.md §8.5). */
export interface BannerAdsApi {
  bannerPayments: BannerPayments;
}

/**
 * Banner ads (docs/product.md §8.4): requests by users and funeral homes, the admin's review of them, the payment
 * that puts an approved one live, and the slot that shows live ads and counts their views and clicks.
 */
export function createBannerAdsModule(platform: Platform, needs: BannerAdsNeeds): AppModule<BannerAdsApi> {
  const { db, storage, clock, secret, logger } = platform;
  const repo = createBannerAdsRepo(db, platform.database.counters);
  const service = createBannerAdsService({
    db,
    repo,
    storage,
    clock,
    secret,
    logger,
    notifications: needs.notifications,
  });
  const live = createBannerLive({
    repo,
    clock,
    secret,
    sign: (key) => signedMediaUrl(secret, key, clock.now()),
    notifications: needs.notifications,
    holdsAdFree: needs.holdsAdFree,
  });
  return {
    name: 'banner-ads',
    routes: (router) =>
      registerBannerAdsRoutes(router, service, live, platform.config.PUBLIC_URL, platform.svg),
    queues: [bannerReadersPruneQueue],
    handlers: [handle(bannerReadersPruneQueue, () => repo.pruneReaders(clock.now()))],
    api: { bannerPayments: live.payments },
  };
}
