import type { RouteObject } from 'react-router';
import { funeralBannerAdsRoutes } from '@/features/banner-ads/owner';
import { funeralRequestsRoutes } from '@/features/funeral-homes/requests';
import { funeralSubscriptionRoutes } from '@/features/plans/funeral';
import { funeralNotificationsRoutes } from '@/features/notifications/inbox';
import { funeralProfileRoutes } from '@/features/accounts/profile';
import { funeralReportPassingRoutes } from '@/features/legacy/report';
import { funeralMemorialRoutes } from '@/features/memorial/moderate';

/** The funeral home's pages under /funeral (its layout, guard and not-found page are in router.tsx). */
export const areaRoutes: RouteObject[] = [
  ...funeralRequestsRoutes,
  ...funeralSubscriptionRoutes,
  ...funeralProfileRoutes,
  ...funeralNotificationsRoutes,
  ...funeralBannerAdsRoutes,
  ...funeralReportPassingRoutes,
  ...funeralMemorialRoutes,
];
