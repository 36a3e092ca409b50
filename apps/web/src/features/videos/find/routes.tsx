import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const searchPages = () => import('./components/SearchPage');
const accessCodePages = () => import('./components/AccessCodePage');

/** The user's code lookups: a public video by its search code, a final video by its access code. */
export const findRoutes: RouteObject[] = [
  { path: 'search', lazy: lazyPage(searchPages, (m) => m.SearchPage) },
  { path: 'search/video', lazy: lazyPage(searchPages, (m) => m.SearchVideoPage) },
  { path: 'access-code', lazy: lazyPage(accessCodePages, (m) => m.AccessCodePage) },
  { path: 'access-code/video', lazy: lazyPage(accessCodePages, (m) => m.AccessCodeVideoPage) },
];
