import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const listPage = () => import('./components/UserRequestsPage');
const detailPage = () => import('./components/UserRequestPage');
const videoPage = () => import('./components/RequestVideoPage');

const userRequestsPage = lazyPage(listPage, (m) => m.UserRequestsPage);

/** The funeral home's landing page and its user requests (docs/product.md §13.3 funeral area). */
export const funeralRequestsRoutes: RouteObject[] = [
  { index: true, lazy: userRequestsPage },
  { path: 'user-requests', lazy: userRequestsPage },
  { path: 'user-requests/:id', lazy: lazyPage(detailPage, (m) => m.UserRequestPage) },
  { path: 'user-requests/:id/video', lazy: lazyPage(videoPage, (m) => m.RequestVideoPage) },
];
