import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const page = () => import('./components/MemorialPage');

/** The memorial page at its address (docs/product.md §6.9): open to anyone who has it, no sign-in. */
export const memorialPageRoutes: RouteObject[] = [
  { path: 'memorial/:slug', lazy: lazyPage(page, (m) => m.MemorialPage) },
];
