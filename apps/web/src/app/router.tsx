import { createBrowserRouter, Navigate } from 'react-router';
import { RouterError } from './RouterError';
import { NotFound } from './NotFound';

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
        // The recipient's page for a scheduled delivery: public, outside every guarded area.
        path: 'watch/:token',
        lazy: async () => ({ Component: (await import('../features/watch/WatchPage')).WatchPage }),
      },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
