import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, toFormData } from '@/lib/api';
import { bannerAdKeys } from '@/lib/query-keys';
import type { BannerArea } from '../model/banner-areas';

export interface BannerAdRequest {
  brand_name: string;
  brand_email: string;
  brand_url: string;
  images: File[];
}

/** POST /web/{role}/banner-ad/create, multipart: the three fields and each image as `images`. */
export function createBannerAd(area: BannerArea, { images, ...fields }: BannerAdRequest) {
  const form = toFormData(fields);
  for (const image of images) form.append('images', image, image.name);
  return callRoute(area.calls.create, { body: form });
}

export function useCreateBannerAd(area: BannerArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BannerAdRequest) => createBannerAd(area, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannerAdKeys.all(area.role) }),
  });
}
