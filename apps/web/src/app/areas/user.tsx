import type { RouteObject } from 'react-router';
import { adminReadsRoutes } from '@/features/audit/owner';
import { userBannerAdsRoutes } from '@/features/banner-ads/owner';
import { findRoutes } from '@/features/videos/find';
import { grantAccessRoutes } from '@/features/funeral-homes/grant-access';
import { legacyProfileSectionRoutes } from '@/features/legacy/owner';
import { libraryRoutes, videoTabRoutes } from '@/features/videos/library';
import { userNotificationsRoutes } from '@/features/notifications/inbox';
import { userPlansRoutes } from '@/features/plans/user';
import { userProfileRoutes } from '@/features/accounts/profile';
import { recorderRoutes } from '@/features/videos/recorder';
import { reelRoutes } from '@/features/videos/reel';
import { uploadRoutes } from '@/features/videos/upload';

/** The user area's pages under /user (its layout, guard and not-found page are in router.tsx). */
export const areaRoutes: RouteObject[] = [
  ...reelRoutes,
  ...userPlansRoutes,
  // The video tabs sit under the profile summary (docs/product.md §13.3); each video opens on its own page.
  // The legacy release's card sits under the profile details (docs/product.md §6).
  ...userProfileRoutes(videoTabRoutes, legacyProfileSectionRoutes),
  // Who has seen my messages: every administrator's read of the user's data (docs/product.md §11.10).
  ...adminReadsRoutes,
  ...libraryRoutes,
  ...findRoutes,
  ...grantAccessRoutes,
  ...uploadRoutes,
  ...recorderRoutes,
  ...userNotificationsRoutes,
  ...userBannerAdsRoutes,
];
