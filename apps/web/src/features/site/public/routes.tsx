import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/** The visitor's information pages, under the site layout, open to everyone. */
export const publicRoutes: RouteObject[] = [
  {
    path: 'home',
    lazy: lazyPage(
      () => import('./components/HomePage'),
      (m) => m.HomePage,
    ),
  },
  {
    path: 'about',
    lazy: lazyPage(
      () => import('./components/AboutPage'),
      (m) => m.AboutPage,
    ),
  },
  {
    path: 'terms',
    lazy: lazyPage(
      () => import('./components/TermsPage'),
      (m) => m.TermsPage,
    ),
  },
  {
    path: 'policy',
    lazy: lazyPage(
      () => import('./components/PolicyPage'),
      (m) => m.PolicyPage,
    ),
  },
];
