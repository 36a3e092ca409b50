import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const userRequestsPage = lazyPage(
  () => import('./components/UserRequestsPage'),
  (m) => m.UserRequestsPage,
);

/** The funeral home's landing page: /funeral and /funeral/user-requests show the same list. */
export const funeralRequestsRoutes: RouteObject[] = [
  { index: true, lazy: userRequestsPage },
  { path: 'user-requests', lazy: userRequestsPage },
];
