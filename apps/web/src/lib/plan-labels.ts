import type { PaymentHistoryRow } from '@pw/contracts';

/**
 * How plans read to users and funeral homes (spec 000 §9 and §4), shared by every screen that shows a
 * plan or a purchase: the plans pages, payments, the subscription log and the funeral history.
 */

/** Spec 000 §9: prices are shown with a '$' prefix; the server answers '29.99'. */
export const priceLabel = (price: string) => `$${price}`;

const DURATION_LABELS: Record<string, string> = { monthly: 'Month', weekly: 'Week', yearly: 'Year' };

/** Spec 000 §9: monthly 'Month', weekly 'Week', yearly 'Year', any other duration capitalised. */
export function durationLabel(duration: string): string {
  return DURATION_LABELS[duration] ?? duration.charAt(0).toUpperCase() + duration.slice(1);
}

/** Spec 000 §4: a purchase reads 'Expired' when its status_detail is 'Inactive', else 'Active'. */
export const subscriptionStatus = (row: Pick<PaymentHistoryRow, 'status_detail'>) =>
  row.status_detail === 'Inactive' ? 'Expired' : 'Active';
