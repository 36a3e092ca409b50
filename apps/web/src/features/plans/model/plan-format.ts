import type { PaymentHistoryRow } from '@pw/contracts';

/** Spec 000 §9: prices are shown with a '$' prefix. */
export const formatPrice = (price: string) => `$${price}`;

const DURATION_LABELS: Record<string, string> = { monthly: 'Month', weekly: 'Week', yearly: 'Year' };

/** Spec 000 §9: monthly 'Month', weekly 'Week', yearly 'Year', any other duration capitalised. */
export function durationLabel(duration: string): string {
  return DURATION_LABELS[duration] ?? duration.charAt(0).toUpperCase() + duration.slice(1);
}

/** Spec 000 §4: a row reads 'Expired' when its status_detail is 'Inactive', else 'Active'. */
export const subscriptionStatus = (row: Pick<PaymentHistoryRow, 'status_detail'>) =>
  row.status_detail === 'Inactive' ? 'Expired' : 'Active';

/** "Nov 22, 2026" in the person's own zone; a life-time plan has no expiry. */
export const formatDay = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }) : 'Never';
