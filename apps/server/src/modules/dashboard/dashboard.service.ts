import {
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_RANGE_LIMITS,
  OPEN_QUERY_DAYS,
  dashboardPoints,
  planKinds,
  revenueKinds,
  type DashboardCounts,
  type DashboardRangeQuery,
  type DashboardSubscriptionData,
  type DashboardUserChartData,
  type RevenueKind,
} from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import { invalid } from '../../platform/errors';
import { fromCents } from '../plans';
import { KIND_COLUMNS, type DashboardRepo, type DayRange } from './dashboard.repo';

const DAY_MS = 86_400_000;
const QUARTER_MS = 15 * 60_000;
/**
 * How long after a quarter of an hour its payments are taken as final and summed into the rollup: a
 * payment is stamped when its request starts and committed a moment later
 * (docs/operations.md §Funeral homes, banner ads and the dashboard).
 */
export const ROLLUP_GRACE_MS = 10 * 60_000;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Today's date in the zone, YYYY-MM-DD. */
const todayIn = (tz: string, now: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/** The first day of each point's period: the day, the week's Monday, the month's first. */
export function periodStarts(range: Pick<DayRange, 'from' | 'groupBy' | 'points'>): string[] {
  const { from, groupBy, points } = range;
  const first = new Date(`${from}T00:00:00Z`);
  return Array.from({ length: points }, (_, i) => {
    if (groupBy === 'day') return addDays(from, i);
    if (groupBy === 'week') return addDays(from, 7 * i - ((first.getUTCDay() + 6) % 7));
    const month = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1));
    return month.toISOString().slice(0, 10);
  });
}

const zeroBy = <T>(value: T) =>
  Object.fromEntries(revenueKinds.map((kind) => [kind, value])) as Record<RevenueKind, T>;

export interface DashboardServiceDeps {
  repo: DashboardRepo;
  clock: Clock;
  /** The stored objects found damaged and not yet restored (the platform's records, decision 0340). */
  damagedMedia: () => Promise<number>;
}

/** The dashboard's figures (docs/product.md §9.1): counts now, and revenue and sign-ups over a range of days. */
export function createDashboardService({ repo, clock, damagedMedia }: DashboardServiceDeps) {
  /** The days asked for, defaults filled in: 30 days ending today, or 30 from/to the one date given. */
  const resolve = (query: DashboardRangeQuery): DayRange => {
    const tz = query.tz ?? 'UTC';
    const span = DASHBOARD_DEFAULT_DAYS - 1;
    const to = query.to_date ?? (query.from_date ? addDays(query.from_date, span) : todayIn(tz, clock.now()));
    const from = query.from_date ?? addDays(to, -span);
    const points = dashboardPoints(from, to, query.group_by);
    const limit = DASHBOARD_RANGE_LIMITS[query.group_by];
    // Only reachable with one date given and a grouping whose limit is under 30 points: none today.
    if (points > limit.points)
      throw invalid('to_date', `Grouped by ${query.group_by}, the range may span at most ${limit.label}.`);
    return { from, to, groupBy: query.group_by, tz, points };
  };
  const rangeOf = (range: DayRange) => ({
    from_date: range.from,
    to_date: range.to,
    group_by: range.groupBy,
    tz: range.tz,
  });

  return {
    async counts(): Promise<DashboardCounts> {
      const now = clock.now();
      const [row, damaged] = await Promise.all([
        repo.counts(now, new Date(now.getTime() - OPEN_QUERY_DAYS * DAY_MS)),
        damagedMedia(),
      ]);
      return {
        users: row.users,
        funeral_homes: row.funeralHomes,
        active_subscriptions: Object.fromEntries(
          planKinds.map((kind) => [kind, row.subscriptions[kind] ?? 0]),
        ) as DashboardCounts['active_subscriptions'],
        live_ads: row.liveAds,
        pending_ad_requests: row.pendingAdRequests,
        open_queries: row.openQueries,
        deliveries_scheduled: row.deliveriesScheduled,
        deliveries_delivered: row.deliveriesDelivered,
        damaged_media: damaged,
      };
    },

    async subscription(query: DashboardRangeQuery): Promise<DashboardSubscriptionData> {
      const range = resolve(query);
      const closed = Math.floor((clock.now().getTime() - ROLLUP_GRACE_MS) / QUARTER_MS) * QUARTER_MS;
      const coveredUntil = await repo.rollUp(new Date(closed));
      const rows = await repo.revenue(range, coveredUntil);
      const series = periodStarts(range).map((period) => ({
        period,
        purchases: zeroBy(0),
        cents: zeroBy(0),
      }));
      const totals = { purchases: zeroBy(0), cents: zeroBy(0) };
      for (const row of rows) {
        const point = series[row.i];
        if (!point) continue;
        for (const kind of revenueKinds) {
          const bought = Number(row[`purchases_${KIND_COLUMNS[kind]}`] ?? 0);
          const cents = Number(row[`cents_${KIND_COLUMNS[kind]}`] ?? 0);
          point.purchases[kind] += bought;
          point.cents[kind] += cents;
          totals.purchases[kind] += bought;
          totals.cents[kind] += cents;
        }
      }
      const money = (cents: Record<RevenueKind, number>) =>
        Object.fromEntries(revenueKinds.map((kind) => [kind, fromCents(cents[kind])])) as Record<
          RevenueKind,
          string
        >;
      return {
        ...rangeOf(range),
        series: series.map((point) => ({
          period: point.period,
          purchases: point.purchases,
          revenue: money(point.cents),
        })),
        totals: { purchases: totals.purchases, revenue: money(totals.cents) },
      };
    },

    async userChart(query: DashboardRangeQuery): Promise<DashboardUserChartData> {
      const range = resolve(query);
      const series = await repo.signUps(range);
      return {
        ...rangeOf(range),
        series,
        totals: {
          users: series.reduce((sum, point) => sum + point.users, 0),
          funeral_homes: series.reduce((sum, point) => sum + point.funeral_homes, 0),
        },
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
