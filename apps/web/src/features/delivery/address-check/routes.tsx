import type { RouteObject } from 'react-router';
import { ADDRESS_CONFIRM_PAGE } from '@pw/contracts';
import { lazyPage } from '@/lib/lazy-page';

/**
 * The page behind the yearly address check's 'Still right' link (docs/product.md §5.9), open without an
 * account, whoever is signed in.
 */
export const addressCheckRoutes: RouteObject[] = [
  {
    path: `${ADDRESS_CONFIRM_PAGE.slice(1)}/:token`,
    lazy: lazyPage(
      () => import('./components/AddressConfirmPage'),
      (m) => m.AddressConfirmPage,
    ),
  },
];
