import type { RouteObject } from 'react-router';

/** The record and upload screens of the user area (spec §2), loaded lazily. */
export const uploadRoutes: RouteObject[] = [
  {
    path: 'video/upload',
    lazy: async () => ({ Component: (await import('./UploadPage')).UploadPage }),
  },
  {
    path: 'video/upload/payment',
    lazy: async () => ({ Component: (await import('./PaymentPage')).PaymentPage }),
  },
];
