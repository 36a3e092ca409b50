import type { ActiveSubscription, PlanSummary } from '@pw/contracts';
import { formatDay } from '@/lib/dates';
import { priceLabel } from '@/lib/plan-labels';

/** "22 November 2026" in the person's own zone; a life-time plan has no expiry. */
export const expiryDay = (iso: string | null) => (iso ? formatDay(iso) : 'Never');

/** A category's prices, lowest to highest: "$4.99 – $149.00", one price alone, null with no plan. */
export function priceRange(plans: readonly Pick<PlanSummary, 'price'>[]): string | null {
  const prices = plans.map((plan) => plan.price).sort((a, b) => Number(a) - Number(b));
  const [low, high] = [prices[0], prices[prices.length - 1]];
  if (low === undefined || high === undefined) return null;
  return low === high ? priceLabel(low) : `${priceLabel(low)} – ${priceLabel(high)}`;
}

/** When a running plan renews, or that it does not. */
export function renewalText(plan: Pick<ActiveSubscription, 'expiry_date' | 'auto_renew'>): string {
  if (!plan.expiry_date) return 'Life-time: it never needs renewing.';
  return plan.auto_renew
    ? `Renews on ${formatDay(plan.expiry_date)}.`
    : `Ends on ${formatDay(plan.expiry_date)}; it will not renew.`;
}
