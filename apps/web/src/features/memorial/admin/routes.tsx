import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const pages = () => import('./components/MemorialPagesPage');
const reported = () => import('./components/ReportedEntriesPage');

/** The back office's memorial pages and reported messages (docs/product.md §6.9), loaded lazily. */
export const adminMemorialRoutes: RouteObject[] = [
  { path: 'memorial-pages', lazy: lazyPage(pages, (m) => m.MemorialPagesPage) },
  { path: 'memorial-pages/reported-entries', lazy: lazyPage(reported, (m) => m.ReportedEntriesPage) },
];
