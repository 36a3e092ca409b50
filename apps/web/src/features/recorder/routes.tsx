import type { RouteObject } from 'react-router';

/** /user/video/VideoRecorder (spec §2), loaded lazily. */
export const recorderRoutes: RouteObject[] = [
  {
    path: 'video/VideoRecorder',
    lazy: async () => ({ Component: (await import('./RecorderPage')).RecorderPage }),
  },
];
