import { useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api';
import { bannerAdKeys } from '@/lib/query-keys';
import type { BannerArea } from '../model/banner-areas';

/** GET /web/{role}/banner-ad/{id}: one own request, with its plan, live dates, views and clicks. */
export const getBannerAd = (area: BannerArea, id: string, signal?: AbortSignal) =>
  callRoute(area.calls.detail, { params: { id }, signal });

export function useBannerAd(area: BannerArea, id: string) {
  return useQuery({
    queryKey: bannerAdKeys.detail(area.role, id),
    queryFn: ({ signal }) => getBannerAd(area, id, signal).then((body) => body.data),
  });
}
