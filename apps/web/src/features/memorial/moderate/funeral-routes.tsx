import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const homeList = () => import('./components/HomeMemorialsPage');
const homePage = () => import('./components/HomeMemorialPage');

/** The funeral home looks after the memorial pages it moderates, under /funeral (docs/product.md §6.9). */
export const funeralMemorialRoutes: RouteObject[] = [
  { path: 'memorials', lazy: lazyPage(homeList, (m) => m.HomeMemorialsPage) },
  { path: 'memorials/:slug', lazy: lazyPage(homePage, (m) => m.HomeMemorialPage) },
];
