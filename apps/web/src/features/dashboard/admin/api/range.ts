import { dashboardRangeQuery, type DashboardGrouping } from '@pw/contracts';

/**
 * The range picker's choices (docs/product.md §9.1): the last 7 or 30 days, the last 12 months, or From–To.
 */
export const RANGE_PRESETS = [
  { value: '7d', label: 'Last 7 days', groupBy: 'day' },
  { value: '30d', label: 'Last 30 days', groupBy: 'day' },
  { value: '12m', label: 'Last 12 months', groupBy: 'month' },
  { value: 'custom', label: 'Custom', groupBy: 'day' },
] as const satisfies ReadonlyArray<{ value: string; label: string; groupBy: DashboardGrouping }>;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

export const GROUPINGS: ReadonlyArray<{ value: DashboardGrouping; label: string }> = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

/** What both charts are asked for. */
export interface ChartRange {
  from_date: string;
  to_date: string;
  group_by: DashboardGrouping;
  tz: string;
}

/** The picker's state as the URL keeps it (`range`, `group_by`, `from_date`, `to_date`). */
export interface RangeChoice {
  preset: RangePreset;
  groupBy: DashboardGrouping;
  from: string;
  to: string;
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The first and last day of a preset ending `today`. */
export function presetDays(
  preset: Exclude<RangePreset, 'custom'>,
  today: string,
): { from: string; to: string } {
  if (preset === '7d') return { from: addDays(today, -6), to: today };
  if (preset === '30d') return { from: addDays(today, -29), to: today };
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - 11, 1)).toISOString().slice(0, 10);
  return { from: first, to: today };
}

const isPreset = (value: string | null): value is RangePreset =>
  RANGE_PRESETS.some((preset) => preset.value === value);
const isGrouping = (value: string | null): value is DashboardGrouping =>
  GROUPINGS.some((grouping) => grouping.value === value);

/** The choice in the URL, defaults filled in (the last 30 days, by day). */
export function readChoice(params: URLSearchParams, today: string): RangeChoice {
  const raw = params.get('range');
  const preset: RangePreset = isPreset(raw) ? raw : '30d';
  const rawGroup = params.get('group_by');
  const groupBy = isGrouping(rawGroup) ? rawGroup : RANGE_PRESETS.find((p) => p.value === preset)!.groupBy;
  if (preset !== 'custom') return { preset, groupBy, ...presetDays(preset, today) };
  const fallback = presetDays('30d', today);
  return {
    preset,
    groupBy,
    from: params.get('from_date') || fallback.from,
    to: params.get('to_date') || fallback.to,
  };
}

/** The query both charts send, or the reason it cannot be sent (the server's own rules, from contracts). */
export function toChartRange(
  choice: RangeChoice,
  tz: string,
): { range: ChartRange | null; error: string | null } {
  const range: ChartRange = { from_date: choice.from, to_date: choice.to, group_by: choice.groupBy, tz };
  const checked = dashboardRangeQuery.safeParse(range);
  if (checked.success) return { range, error: null };
  return { range: null, error: checked.error.issues[0]?.message ?? 'The range is not valid.' };
}
