import { useZonedListPage, type ListParams } from '@/lib/list-query';
import { bannerAdKeys } from '@/lib/query-keys';
import type { BannerArea } from '../model/banner-areas';

/** GET /web/{role}/banner-ad{query}: the requester's own requests, paged. */
export const useBannerAds = (area: BannerArea, params: ListParams) =>
  useZonedListPage(bannerAdKeys.list(area.role, params), area.calls.list, params);
