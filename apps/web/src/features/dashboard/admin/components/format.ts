import { EXTRA_TIME_CATEGORY, planCategories, type DashboardGrouping, type RevenueKind } from '@pw/contracts';

/** Each kind's name as the payment log's categories read (plus one-time purchases), and its colour. */
export const KINDS: ReadonlyArray<{ kind: RevenueKind; label: string; color: string }> = [
  ...planCategories.map(({ kind, title }) => ({ kind, label: title })),
  { kind: 'one-time' as const, label: EXTRA_TIME_CATEGORY.title },
].map((entry, i) => ({ ...entry, color: ['#2f6f8f', '#b5651d', '#5a8f3c', '#8e44ad', '#c0392b'][i]! }));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A point's period for people: "Nov 3" (a day), "Week of Nov 3", "Nov 2026" (a month). */
export function periodLabel(period: string, groupBy: DashboardGrouping, long = false): string {
  const [year, month, day] = period.split('-').map(Number) as [number, number, number];
  const name = MONTHS[month - 1] ?? '';
  if (groupBy === 'month') return `${name} ${year}`;
  const date = long ? `${name} ${day}, ${year}` : `${name} ${day}`;
  return groupBy === 'week' ? `Week of ${date}` : date;
}

/** Money as the back office shows it (docs/product.md §13.7: a '$' prefix). */
export const dollars = (amount: number | string) =>
  `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
