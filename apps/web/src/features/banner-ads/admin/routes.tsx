import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const details = () => import('./components/BannerReviewDetailsPage');
const base = 'bannerads-subscription-management';

/**
 * The back office's banner-ad review (docs/product.md §9.4), under the admin layout. The area's plans
 * (`${base}/plans…`) are the admin-plans feature's.
 */
export const adminBannerAdsRoutes: RouteObject[] = [
  {
    path: base,
    lazy: lazyPage(
      () => import('./components/BannerReviewPage'),
      (m) => m.BannerReviewPage,
    ),
  },
  {
    path: `${base}/approved-ads/:id`,
    lazy: lazyPage(details, (m) => () => <m.BannerReviewDetailsPage mode="approved" />),
  },
  {
    path: `${base}/new-request/:id`,
    lazy: lazyPage(details, (m) => () => <m.BannerReviewDetailsPage mode="new-request" />),
  },
];
