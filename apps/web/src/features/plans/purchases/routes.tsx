import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { PURCHASE_AREAS } from './model/purchase-areas';

/**
 * The admin's purchase logs (docs/product.md §9.6): one screen per subscription kind, the same component told
 * which kind it shows, and the payment log. Under the admin layout, loaded lazily.
 */
export const adminPurchasesRoutes: RouteObject[] = [
  ...Object.values(PURCHASE_AREAS).map((area): RouteObject => ({
    path: area.base.replace('/admin/', ''),
    lazy: lazyPage(
      () => import('./components/SubscriptionLogPage'),
      (m) => () => <m.SubscriptionLogPage area={area} />,
    ),
  })),
  {
    path: 'payment-logs',
    lazy: lazyPage(
      () => import('./components/PaymentLogsPage'),
      (m) => m.PaymentLogsPage,
    ),
  },
];
