import { useQuery } from '@tanstack/react-query';
import { bannerAdRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminBannerAdKeys } from '@/lib/query-keys';

/** GET /admin/banner-ads/{id}/detail: the request with who asked and when it was decided. */
export const getReviewAd = (id: string, signal?: AbortSignal) =>
  callRoute(bannerAdRoutes.detail, { params: { id }, signal });

export function useReviewAd(id: string) {
  return useQuery({
    queryKey: adminBannerAdKeys.detail(id),
    queryFn: ({ signal }) => getReviewAd(id, signal).then((body) => body.data),
  });
}
