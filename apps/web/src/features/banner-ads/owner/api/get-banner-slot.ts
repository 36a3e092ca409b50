import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api';
import { bannerAdKeys } from '@/lib/query-keys';
import type { BannerArea } from '../model/banner-areas';

/** GET /web/{role}/banner-ad/slot: the live ad to show (the server counts a view), or null. */
export const getBannerSlot = (area: BannerArea, signal?: AbortSignal) =>
  callRoute(area.calls.slot, { signal }).then((body) => body.data);

/**
 * One ad per page shown (docs/product.md §8.6): the page's path is in the key, so moving to another page asks
 * again; the previous ad stays in the box while the next one loads. A failed call shows no ad and is
 * not retried (an ad is never worth a spinner or an error).
 */
export function useBannerSlot(area: BannerArea, page: string) {
  return useQuery({
    queryKey: bannerAdKeys.slot(area.role, page),
    queryFn: ({ signal }) => getBannerSlot(area, signal),
    placeholderData: keepPreviousData,
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
