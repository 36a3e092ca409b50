import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/** The back office's legacy releases (docs/product.md §6, §9.7), under the admin layout, loaded lazily. */
export const adminLegacyRoutes: RouteObject[] = [
  {
    path: 'legacy-management',
    lazy: lazyPage(
      () => import('./components/LegacyReleasesPage'),
      (m) => m.LegacyReleasesPage,
    ),
  },
];
