import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const page = () => import('./components/ModerateMemorialPage');

/** A trusted contact looks after the memorial page from their own link (docs/product.md §6.9). */
export const memorialModerationRoutes: RouteObject[] = [
  { path: 'legacy/contact/:token/memorial', lazy: lazyPage(page, (m) => m.ModerateMemorialPage) },
];
