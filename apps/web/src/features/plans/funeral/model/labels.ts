import type { PaymentHistoryRow } from '@pw/contracts';
import { formatDate, localDateIso } from '@/lib/dates';

/** A server time (ISO) as the day it falls on here, for people: "22 November 2026"; '—' for none. */
export function dayLabel(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatDate(localDateIso(date));
}

/** docs/product.md §13.5: history filtered all, monthly or yearly by the plan's duration. */
export const durationFilters = ['all', 'monthly', 'yearly'] as const;
export type DurationFilter = (typeof durationFilters)[number];

export const filterByDuration = (rows: PaymentHistoryRow[], filter: DurationFilter) =>
  filter === 'all' ? rows : rows.filter((row) => row.payable.duration === filter);
