import type { PaymentHistoryRow } from '@pw/contracts';
import { formatDate, localDateIso } from '@/lib/dates';

/** Spec 000 §9: monthly 'Month', weekly 'Week', yearly 'Year', others capitalised ('Life-time'). */
export function durationLabel(duration: string): string {
  const fixed: Record<string, string> = { monthly: 'Month', weekly: 'Week', yearly: 'Year' };
  return fixed[duration] ?? duration.charAt(0).toUpperCase() + duration.slice(1);
}

/** Spec 000 §9: prices with a '$' prefix; the server answers '29.99'. */
export const priceLabel = (price: string) => `$${price}`;

/** A server time (ISO) as the day it falls on here, for people: "22 November 2026"; '—' for none. */
export function dayLabel(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatDate(localDateIso(date));
}

/** Spec 000 §4: 'Expired' when status_detail reads 'Inactive', otherwise 'Active'. */
export const recordStatus = (row: Pick<PaymentHistoryRow, 'status_detail'>) =>
  row.status_detail === 'Inactive' ? 'Expired' : 'Active';

/** Spec 000 §4: history filtered all, monthly or yearly by the plan's duration. */
export const durationFilters = ['all', 'monthly', 'yearly'] as const;
export type DurationFilter = (typeof durationFilters)[number];

export const filterByDuration = (rows: PaymentHistoryRow[], filter: DurationFilter) =>
  filter === 'all' ? rows : rows.filter((row) => row.payable.duration === filter);
