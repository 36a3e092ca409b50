import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const page = () => import('./components/AdminReadsPage');

/** The user's 'Who has seen my messages' (docs/product.md §11.10): a page of its own under the profile. */
export const adminReadsRoutes: RouteObject[] = [
  { path: 'profile/who-has-seen', lazy: lazyPage(page, (m) => m.AdminReadsPage) },
];
