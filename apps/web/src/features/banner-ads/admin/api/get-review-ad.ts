import { bannerAdRoutes } from '@pw/contracts';
import { adminBannerAdKeys } from '@/lib/query-keys';
import { useRouteData } from '@/lib/route-data';

/** GET /admin/banner-ads/{id}/detail: the request with who asked and when it was decided. */
export const useReviewAd = (id: string) =>
  useRouteData(adminBannerAdKeys.detail(id), bannerAdRoutes.detail, { params: { id } });
