import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/** The admin's queries screens (docs/product.md §9.5), under the admin layout, loaded lazily. */
export const adminQueriesRoutes: RouteObject[] = [
  {
    path: 'queries-management',
    lazy: lazyPage(
      () => import('./components/QueriesPage'),
      (m) => m.QueriesPage,
    ),
  },
  {
    path: 'queries-management/details/:id',
    lazy: lazyPage(
      () => import('./components/QueryDetailsPage'),
      (m) => m.QueryDetailsPage,
    ),
  },
];
