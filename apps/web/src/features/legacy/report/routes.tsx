import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/** A listed funeral home reports a passing by the final message's access code (docs/product.md §6, §6.3). */
export const funeralReportPassingRoutes: RouteObject[] = [
  {
    path: 'report-passing',
    lazy: lazyPage(
      () => import('./components/FuneralReportPassingPage'),
      (m) => m.FuneralReportPassingPage,
    ),
  },
];
