import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const reelPage = lazyPage(
  () => import('./components/ReelPage'),
  (m) => m.ReelPage,
);

/** The user's home: the reel of public videos, at /user and /user/home. */
export const reelRoutes: RouteObject[] = [
  { index: true, lazy: reelPage },
  { path: 'home', lazy: reelPage },
];
