import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/** The admin's users and funeral homes (docs/product.md §9.2), under the admin layout, loaded lazily. */
export const adminAccountsRoutes: RouteObject[] = [
  {
    path: 'user-management',
    lazy: lazyPage(
      () => import('./components/UsersPage'),
      (m) => m.UsersPage,
    ),
  },
  {
    path: 'user-management/details/:id',
    lazy: lazyPage(
      () => import('./components/UserDetailsPage'),
      (m) => m.UserDetailsPage,
    ),
  },
  {
    // docs/product.md §9.2: the contract's {product} is parting-words.
    path: 'user-management/details/:id/parting-words',
    lazy: lazyPage(
      () => import('./components/PartingWordsPage'),
      (m) => m.PartingWordsPage,
    ),
  },
  {
    path: 'funeral-homes-management',
    lazy: lazyPage(
      () => import('./components/FuneralHomesPage'),
      (m) => m.FuneralHomesPage,
    ),
  },
  {
    path: 'funeral-homes-management/details/:id',
    lazy: lazyPage(
      () => import('./components/FuneralHomeDetailsPage'),
      (m) => m.FuneralHomeDetailsPage,
    ),
  },
];
