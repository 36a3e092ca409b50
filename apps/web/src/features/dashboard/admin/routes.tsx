import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/** The admin's dashboard (docs/product.md §9.1), under the admin layout. */
export const adminDashboardRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: lazyPage(
      () => import('./components/DashboardPage'),
      (m) => m.DashboardPage,
    ),
  },
];
