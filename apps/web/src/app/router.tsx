import { createBrowserRouter, Navigate } from 'react-router';
import { RouterError } from './RouterError';
import { NotFound } from './NotFound';

const reelRoute = async () => ({ Component: (await import('../features/reel')).ReelPage });
const libraryRoute = (name: keyof typeof import('../features/library')) => async () => ({
  Component: (await import('../features/library'))[name],
});
const findRoute = (name: keyof typeof import('../features/find')) => async () => ({
  Component: (await import('../features/find'))[name],
});

/**
 * The route table. Areas load lazily so each loads its own code (the /home bundle stays small).
 */
export const router = createBrowserRouter([
  {
    errorElement: <RouterError />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      {
        path: 'home',
        lazy: async () => ({ Component: (await import('../features/public/HomePage')).HomePage }),
      },
      {
        path: 'user',
        children: [
          { index: true, lazy: reelRoute },
          { path: 'home', lazy: reelRoute },
          {
            path: 'profile',
            children: [
              { index: true, lazy: libraryRoute('VideoTabs') },
              { path: 'final', lazy: libraryRoute('FinalVideoPage') },
              { path: 'scheduled', lazy: libraryRoute('ScheduledVideoPage') },
              { path: 'drafts', lazy: libraryRoute('DraftVideoPage') },
            ],
          },
          { path: 'search', lazy: findRoute('SearchPage') },
          { path: 'search/video', lazy: findRoute('SearchVideoPage') },
          { path: 'access-code', lazy: findRoute('AccessCodePage') },
          { path: 'access-code/video', lazy: findRoute('AccessCodeVideoPage') },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
