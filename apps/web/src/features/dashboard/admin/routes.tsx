import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/** The admin's dashboard (spec 001 §2), under the admin layout. */
export const adminDashboardRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: lazyPage(
      () => import('./components/DashboardPage'),
      (m) => m.DashboardPage,
    ),
  },
];
