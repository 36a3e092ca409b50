import { createBrowserRouter, Navigate } from 'react-router';
import { RouterError } from './RouterError';
import { NotFound } from './NotFound';
import { recorderRoutes } from '../features/recorder/routes';
import { uploadRoutes } from '../features/upload/routes';

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
      { path: 'user', children: [...uploadRoutes, ...recorderRoutes] },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
