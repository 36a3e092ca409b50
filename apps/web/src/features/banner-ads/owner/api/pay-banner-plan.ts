import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentCardValues } from '@/components/payment';
import { callRoute } from '@/lib/api';
import { bannerAdKeys } from '@/lib/query-keys';
import type { BannerArea } from '../model/banner-areas';

export interface PayBannerPlanInput {
  planId: number;
  adId: number;
  card: PaymentCardValues;
  /** The Idempotency-Key of this purchase attempt (useIdempotencyKey). */
  headers: Record<string, string>;
}

/** POST /web/{role}/plan/{id}/payment with `banner_ad_id`: pays a banner plan for one approved request. */
export const payBannerPlan = (area: BannerArea, { planId, adId, card, headers }: PayBannerPlanInput) =>
  callRoute(area.pay, { params: { id: planId }, body: { ...card, banner_ad_id: adId }, headers });

export function usePayBannerPlan(area: BannerArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayBannerPlanInput) => payBannerPlan(area, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannerAdKeys.all(area.role) }),
  });
}
