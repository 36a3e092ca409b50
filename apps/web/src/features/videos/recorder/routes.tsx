import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/** /user/video/VideoRecorder (docs/product.md §13.3), loaded lazily. */
export const recorderRoutes: RouteObject[] = [
  {
    path: 'video/VideoRecorder',
    lazy: lazyPage(
      () => import('./components/RecorderPage'),
      (m) => m.RecorderPage,
    ),
  },
];
