import type { PaymentHistoryRow } from '@pw/contracts';

/**
 * How plans read to users and funeral homes (docs/product.md §13.7, §13.5), shared by every screen that shows a
 * plan or a purchase: the plans pages, payments, the subscription log and the funeral history.
 */

/** docs/product.md §13.7: prices are shown with a '$' prefix; the server answers '29.99'. */
export const priceLabel = (price: string) => `$${price}`;

const DURATION_LABELS: Record<string, string> = { monthly: 'Month', weekly: 'Week', yearly: 'Year' };

/** docs/product.md §13.7: monthly 'Month', weekly 'Week', yearly 'Year', any other duration capitalised. */
export function durationLabel(duration: string): string {
  return DURATION_LABELS[duration] ?? duration.charAt(0).toUpperCase() + duration.slice(1);
}

/** docs/product.md §13.5: a purchase reads 'Expired' when its status_detail is 'Inactive', else 'Active'. */
export const subscriptionStatus = (row: Pick<PaymentHistoryRow, 'status_detail'>) =>
  row.status_detail === 'Inactive' ? 'Expired' : 'Active';

/** docs/product.md §13.5: what Cancel asks first, for a user's plan and a funeral home's alike. */
export const CANCEL_QUESTION = 'Auto-renewal will be removed...';
