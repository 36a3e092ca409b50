import type { PaymentHistoryRow } from '@pw/contracts';

/** docs/product.md §13.5: history filtered all, monthly or yearly by the plan's duration. */
export const durationFilters = ['all', 'monthly', 'yearly'] as const;
export type DurationFilter = (typeof durationFilters)[number];

export const filterByDuration = (rows: PaymentHistoryRow[], filter: DurationFilter) =>
  filter === 'all' ? rows : rows.filter((row) => row.payable.duration === filter);
