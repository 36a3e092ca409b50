import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/** /user/video/VideoRecorder (spec §2), loaded lazily. */
export const recorderRoutes: RouteObject[] = [
  {
    path: 'video/VideoRecorder',
    lazy: lazyPage(
      () => import('./components/RecorderPage'),
      (m) => m.RecorderPage,
    ),
  },
];
