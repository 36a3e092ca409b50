import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/** The record and upload screens of the user area (spec §2), loaded lazily. */
export const uploadRoutes: RouteObject[] = [
  {
    path: 'video/upload',
    lazy: lazyPage(
      () => import('./components/UploadPage'),
      (m) => m.UploadPage,
    ),
  },
  {
    path: 'video/upload/payment',
    lazy: lazyPage(
      () => import('./components/PaymentPage'),
      (m) => m.PaymentPage,
    ),
  },
];
