import type { RouteObject } from 'react-router';
import { userBannerAdsRoutes } from '@/features/banner-ads';
import { findRoutes } from '@/features/find';
import { grantAccessRoutes } from '@/features/grant-access';
import { legacyProfileSectionRoutes } from '@/features/legacy';
import { libraryRoutes, videoTabRoutes } from '@/features/library';
import { userNotificationsRoutes } from '@/features/notifications';
import { userPlansRoutes } from '@/features/plans';
import { userProfileRoutes } from '@/features/profile';
import { recorderRoutes } from '@/features/recorder';
import { reelRoutes } from '@/features/reel';
import { uploadRoutes } from '@/features/upload';

/** The user area's pages under /user (its layout, guard and not-found page are in router.tsx). */
export const areaRoutes: RouteObject[] = [
  ...reelRoutes,
  ...userPlansRoutes,
  // The video tabs sit under the profile summary (docs/product.md §13.3); each video opens on its own page.
  // The legacy release's card sits under the profile details (docs/product.md §6).
  ...userProfileRoutes(videoTabRoutes, legacyProfileSectionRoutes),
  ...libraryRoutes,
  ...findRoutes,
  ...grantAccessRoutes,
  ...uploadRoutes,
  ...recorderRoutes,
  ...userNotificationsRoutes,
  ...userBannerAdsRoutes,
];
