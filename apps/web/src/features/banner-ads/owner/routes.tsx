import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { BANNER_AREAS, type BannerRole } from './model/banner-areas';

const list = () => import('./components/BannerAdsPage');
const form = () => import('./components/NewBannerAdPage');
const detail = () => import('./components/BannerAdPage');
const payment = () => import('./components/BannerAdPaymentPage');

/** The four banner screens of one area (docs/product.md §13.3), the same pages told whose calls they make. */
function bannerAdRoutes(role: BannerRole): RouteObject[] {
  const area = BANNER_AREAS[role];
  return [
    { path: 'banner-ads', lazy: lazyPage(list, (m) => () => <m.BannerAdsPage area={area} />) },
    { path: 'banner-ads/new', lazy: lazyPage(form, (m) => () => <m.NewBannerAdPage area={area} />) },
    { path: 'banner-ads/:id', lazy: lazyPage(detail, (m) => () => <m.BannerAdPage area={area} />) },
    {
      path: 'banner-ads/:id/payment',
      lazy: lazyPage(payment, (m) => () => <m.BannerAdPaymentPage area={area} />),
    },
  ];
}

/** Under /user. */
export const userBannerAdsRoutes = bannerAdRoutes('user');
/** Under /funeral. */
export const funeralBannerAdsRoutes = bannerAdRoutes('funeral-home');
