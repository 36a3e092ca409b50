import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const uploadPage = lazyPage(
  () => import('./components/UploadPage'),
  (m) => m.UploadPage,
);

/** The record and upload screens of the user area (docs/product.md §13.3), loaded lazily. */
export const uploadRoutes: RouteObject[] = [
  { path: 'video/upload', lazy: uploadPage },
  // The profile's way back to the clips being edited: the same editor over the same stored edit list
  // (docs/product.md §4.2), so a list left half-edited opens where it was, from either address.
  { path: 'profile/edit-videos', lazy: uploadPage },
  {
    path: 'video/upload/payment',
    lazy: lazyPage(
      () => import('./components/PaymentPage'),
      (m) => m.PaymentPage,
    ),
  },
];
