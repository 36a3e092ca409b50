import type { RouteObject } from 'react-router';
import { adminAccountsRoutes } from '@/features/admin-accounts';
import { adminBannerAdsRoutes } from '@/features/admin-banner-ads';
import { adminDashboardRoutes } from '@/features/admin-dashboard';
import { adminLegacyRoutes } from '@/features/admin-legacy';
import { adminPlansRoutes } from '@/features/admin-plans';
import { adminPurchasesRoutes } from '@/features/admin-purchases';
import { adminQueriesRoutes } from '@/features/admin-queries';
import { adminNotificationsRoutes } from '@/features/notifications';
import { adminProfileRoutes } from '@/features/profile';

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
  ...adminBannerAdsRoutes,
];
