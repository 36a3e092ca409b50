import { useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/api';
import { bannerAdKeys } from '@/lib/query-keys';
import type { BannerArea } from '../model/banner-areas';

/** GET /web/{role}/plan/banner-ads: the banner plans on offer (docs/product.md §1.2: the role decides the source). */
export const getBannerPlans = (area: BannerArea, signal?: AbortSignal) =>
  callRoute(area.plans, { signal }).then((body) => body.data);

export const useBannerPlans = (area: BannerArea) =>
  useQuery({
    queryKey: bannerAdKeys.plans(area.role),
    queryFn: ({ signal }) => getBannerPlans(area, signal),
  });
