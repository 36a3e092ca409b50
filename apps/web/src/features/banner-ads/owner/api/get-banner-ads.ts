import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api';
import { browserTimeZone } from '@/lib/dates';
import { bannerAdKeys } from '@/lib/query-keys';
import type { BannerArea } from '../model/banner-areas';

/** GET /web/{role}/banner-ad{query}: the requester's own requests, paged. */
export const getBannerAds = (
  area: BannerArea,
  params: Record<string, string | number>,
  signal?: AbortSignal,
) => callRoute(area.calls.list, { query: { ...params, tz: browserTimeZone() }, signal });

export function useBannerAds(area: BannerArea, params: Record<string, string | number>) {
  return useQuery({
    queryKey: bannerAdKeys.list(area.role, params),
    queryFn: ({ signal }) => getBannerAds(area, params, signal),
    placeholderData: keepPreviousData,
  });
}
