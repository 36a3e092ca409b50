import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/**
 * The recipient's page for a scheduled delivery: public, for anyone holding the link, signed in or not,
 * in its own calm frame outside the site layout (docs/product.md §5.3).
 */
export const watchRoutes: RouteObject[] = [
  {
    path: 'watch/:token',
    lazy: lazyPage(
      () => import('./components/WatchPage'),
      (m) => m.WatchPage,
    ),
  },
];
