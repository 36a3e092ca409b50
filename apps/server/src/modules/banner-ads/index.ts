import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import type { Notifications } from '../notifications';
import { createBannerAdsRepo } from './banner-ads.repo';
import { createBannerAdsService } from './banner-ads.service';
import { registerBannerAdsRoutes } from './banner-ads.routes';

/** What banner-ads calls in other modules. */
export interface BannerAdsNeeds {
  /** Admins hear of a new request; the requester of the decision. */
  notifications: Pick<Notifications, 'notify'>;
}

/** Banner ads (issue 12): requests by users and funeral homes, and the admin's review of them. */
export function createBannerAdsModule(platform: Platform, needs: BannerAdsNeeds): AppModule {
  const { db, storage, clock, secret, logger } = platform;
  const service = createBannerAdsService({
    db,
    repo: createBannerAdsRepo(db),
    storage,
    clock,
    secret,
    logger,
    notifications: needs.notifications,
  });
  return {
    name: 'banner-ads',
    routes: (router) => registerBannerAdsRoutes(router, service, platform.config.PUBLIC_URL),
    api: undefined,
  };
}
