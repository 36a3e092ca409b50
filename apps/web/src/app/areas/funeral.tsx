import type { RouteObject } from 'react-router';
import { funeralBannerAdsRoutes } from '@/features/banner-ads';
import { funeralRequestsRoutes } from '@/features/funeral-requests';
import { funeralSubscriptionRoutes } from '@/features/funeral-subscription';
import { funeralNotificationsRoutes } from '@/features/notifications';
import { funeralProfileRoutes } from '@/features/profile';
import { funeralReportPassingRoutes } from '@/features/report-passing';

/** The funeral home's pages under /funeral (its layout, guard and not-found page are in router.tsx). */
export const areaRoutes: RouteObject[] = [
  ...funeralRequestsRoutes,
  ...funeralSubscriptionRoutes,
  ...funeralProfileRoutes,
  ...funeralNotificationsRoutes,
  ...funeralBannerAdsRoutes,
  ...funeralReportPassingRoutes,
];
