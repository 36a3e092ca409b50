import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const videoDetailPages = () => import('./components/VideoDetailPage');

/**
 * The video tabs, drawn under the profile summary at /user/profile (docs/product.md §13.3). The profile feature
 * owns that page; app/router.tsx hands these routes to it as its children.
 */
export const videoTabRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./components/VideoTabs'),
      (m) => m.VideoTabs,
    ),
  },
];

/** Each video of the tabs opens on its own page. */
export const libraryRoutes: RouteObject[] = [
  { path: 'profile/final', lazy: lazyPage(videoDetailPages, (m) => m.FinalVideoPage) },
  { path: 'profile/scheduled', lazy: lazyPage(videoDetailPages, (m) => m.ScheduledVideoPage) },
  { path: 'profile/drafts', lazy: lazyPage(videoDetailPages, (m) => m.DraftVideoPage) },
];
