import { formatDate } from '@/lib/dates';
import { EXTRA_TIME_CATEGORY, planCategories, type DashboardGrouping, type RevenueKind } from '@pw/contracts';

/** Each kind's name as the payment log's categories read (plus one-time purchases), and its colour. */
export const KINDS: ReadonlyArray<{ kind: RevenueKind; label: string; color: string }> = [
  ...planCategories.map(({ kind, title }) => ({ kind, label: title })),
  { kind: 'one-time' as const, label: EXTRA_TIME_CATEGORY.title },
].map((entry, i) => ({ ...entry, color: ['#2f6f8f', '#b5651d', '#5a8f3c', '#8e44ad', '#c0392b'][i]! }));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A point's period for people, day first like every date of the app (lib/dates): "3 November 2026"
 * (a day), "Week of 3 November 2026", "November 2026" (a month); the chart's axis, short of room, "3 Nov"
 * and "Nov 2026".
 */
export function periodLabel(period: string, groupBy: DashboardGrouping, long = false): string {
  const [year, month, day] = period.split('-').map(Number) as [number, number, number];
  if (long) {
    const date =
      groupBy === 'month'
        ? new Date(year, month - 1, 1).toLocaleDateString('en-GB', { month: 'long', year: 'numeric' })
        : formatDate(period);
    return groupBy === 'week' ? `Week of ${date}` : date;
  }
  const name = MONTHS[month - 1] ?? '';
  if (groupBy === 'month') return `${name} ${year}`;
  return groupBy === 'week' ? `Week of ${day} ${name}` : `${day} ${name}`;
}

/** Money as the back office shows it (docs/product.md §13.7: a '$' prefix). */
export const dollars = (amount: number | string) =>
  `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
