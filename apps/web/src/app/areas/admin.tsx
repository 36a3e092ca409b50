import type { RouteObject } from 'react-router';
import { adminAccountsRoutes } from '@/features/accounts/admin';
import { adminBannerAdsRoutes } from '@/features/banner-ads/admin';
import { adminDashboardRoutes } from '@/features/dashboard/admin';
import { adminLegacyRoutes } from '@/features/legacy/admin';
import { adminMemorialRoutes } from '@/features/memorial/admin';
import { adminPlansRoutes } from '@/features/plans/admin';
import { adminPurchasesRoutes } from '@/features/plans/purchases';
import { adminQueriesRoutes } from '@/features/queries/admin';
import { adminNotificationsRoutes } from '@/features/notifications/inbox';
import { adminProfileRoutes } from '@/features/accounts/profile';

/** The back office's pages under /admin (its layout, guard and not-found page are in router.tsx). */
export const areaRoutes: RouteObject[] = [
  ...adminDashboardRoutes,
  ...adminAccountsRoutes,
  ...adminProfileRoutes,
  ...adminNotificationsRoutes,
  ...adminPlansRoutes,
  ...adminPurchasesRoutes,
  ...adminQueriesRoutes,
  ...adminLegacyRoutes,
  ...adminMemorialRoutes,
  ...adminBannerAdsRoutes,
];
