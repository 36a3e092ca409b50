import { z } from 'zod';
import { dayField, timeZoneField } from './lists';
import { planKinds } from './plans';
import { defineRoute } from './route';

/**
 * The admin's dashboard (docs/product.md §9, §13.2, §9.1): the platform's counts, revenue and purchases by
 * plan kind, and sign-ups, over a range of days in the admin's zone.
 */

/** How the figures are grouped: one point a day, a week (from Monday) or a calendar month. */
export const dashboardGroupings = ['day', 'week', 'month'] as const;
export type DashboardGrouping = (typeof dashboardGroupings)[number];

/**
 * The most points one call draws (docs/product.md §9.1): a year by day, three years by week, ten years by
 * month.
 */
export const DASHBOARD_RANGE_LIMITS = {
  day: { points: 366, label: '366 days' },
  week: { points: 157, label: '157 weeks' },
  month: { points: 120, label: '120 months' },
} as const satisfies Record<DashboardGrouping, { points: number; label: string }>;

/** The default range: the 30 days ending today in `tz`. */
export const DASHBOARD_DEFAULT_DAYS = 30;

/** A query received within this many days counts as open (queries have no status; docs/product.md §9.1). */
export const OPEN_QUERY_DAYS = 30;

/** The earliest day the figures go back to (nothing is older than the product). */
export const DASHBOARD_FIRST_DAY = '2000-01-01';

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
/** Points a range takes when grouped: weeks and months count each one the range touches. */
export function dashboardPoints(from: string, to: string, groupBy: DashboardGrouping): number {
  if (groupBy === 'day') return dayNumber(to) - dayNumber(from) + 1;
  if (groupBy === 'week') {
    // Days since Monday 1970-01-05, then whole weeks between the two Mondays.
    const week = (day: string) => Math.floor((dayNumber(day) - 4) / 7);
    return week(to) - week(from) + 1;
  }
  const month = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  return month(to) - month(from) + 1;
}

/**
 * `GET /admin/dashboard/subscription{query}` and `/get-user-chart-data{query}`: from_date/to_date as
 * the admin lists name them (inclusive days in `tz`, UTC when absent), `group_by` day|week|month.
 * Without dates, the 30 days ending today; with one date only, 30 days from or to it.
 */
export const dashboardRangeQuery = z
  .object({
    from_date: dayField('from date'),
    to_date: dayField('to date'),
    group_by: z
      .enum(dashboardGroupings, { error: 'The group by must be one of: day, week, month.' })
      .default('day'),
    tz: timeZoneField,
  })
  .superRefine((q, ctx) => {
    for (const field of ['from_date', 'to_date'] as const) {
      const day = q[field];
      if (day && (day < DASHBOARD_FIRST_DAY || day > '2100-12-31')) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `The ${field.replace('_', ' ')} must be between ${DASHBOARD_FIRST_DAY} and 2100-12-31.`,
        });
        return;
      }
    }
    if (!q.from_date || !q.to_date) return;
    if (q.from_date > q.to_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['to_date'],
        message: 'The to date must be a date after or equal to from date.',
      });
      return;
    }
    const limit = DASHBOARD_RANGE_LIMITS[q.group_by];
    if (dashboardPoints(q.from_date, q.to_date, q.group_by) > limit.points) {
      ctx.addIssue({
        code: 'custom',
        path: ['to_date'],
        message: `Grouped by ${q.group_by}, the range may span at most ${limit.label}.`,
      });
    }
  });
export type DashboardRangeQuery = z.output<typeof dashboardRangeQuery>;

/** The range the figures cover, as the server settled it (defaults filled in). */
export const dashboardRange = z.object({
  from_date: z.string(),
  to_date: z.string(),
  group_by: z.enum(dashboardGroupings),
  tz: z.string(),
});

/** What was sold: the four plan kinds and one-time purchases (extra video time). */
export const revenueKinds = [...planKinds, 'one-time'] as const;
export type RevenueKind = (typeof revenueKinds)[number];

const byRevenueKind = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(revenueKinds.map((kind) => [kind, value])) as Record<RevenueKind, T>);
const byPlanKind = <T extends z.ZodType>(value: T) =>
  z.object(
    Object.fromEntries(planKinds.map((kind) => [kind, value])) as Record<(typeof planKinds)[number], T>,
  );

/** `GET /admin/dashboard/get-counts`. */
export const dashboardCounts = z.object({
  /** Accounts of type user, and of type funeral-home (active and inactive alike). */
  users: z.number(),
  funeral_homes: z.number(),
  /** Running subscriptions of each plan kind (not expired; a cancelled plan runs to its end). */
  active_subscriptions: byPlanKind(z.number()),
  /** Approved banner ads running now (within the run their payment bought). */
  live_ads: z.number(),
  /** Banner ad requests waiting for the admin's decision. */
  pending_ad_requests: z.number(),
  /** Queries received in the last OPEN_QUERY_DAYS days. */
  open_queries: z.number(),
  /** Deliveries waiting for their moment (pending or being sent), and those sent. */
  deliveries_scheduled: z.number(),
  deliveries_delivered: z.number(),
  /** Stored objects the integrity checks found missing or altered, not yet restored (decision 0340). */
  damaged_media: z.number(),
});
export type DashboardCounts = z.infer<typeof dashboardCounts>;

/** One point of the revenue chart: purchases and revenue (money as text, "12.50") of each kind. */
export const subscriptionPoint = z.object({
  period: z.string(),
  purchases: byRevenueKind(z.number()),
  revenue: byRevenueKind(z.string()),
});
export type SubscriptionPoint = z.infer<typeof subscriptionPoint>;

export const dashboardSubscriptionData = dashboardRange.extend({
  series: z.array(subscriptionPoint),
  totals: z.object({ purchases: byRevenueKind(z.number()), revenue: byRevenueKind(z.string()) }),
});
export type DashboardSubscriptionData = z.infer<typeof dashboardSubscriptionData>;

/** One point of the sign-ups chart: new users and new funeral homes in the period. */
export const userChartPoint = z.object({ period: z.string(), users: z.number(), funeral_homes: z.number() });
export type UserChartPoint = z.infer<typeof userChartPoint>;

export const dashboardUserChartData = dashboardRange.extend({
  series: z.array(userChartPoint),
  totals: z.object({ users: z.number(), funeral_homes: z.number() }),
});
export type DashboardUserChartData = z.infer<typeof dashboardUserChartData>;

const dashboardTag = 'Dashboard';

/** The dashboard's calls (docs/product.md §13.2), admin only. */
export const dashboardRoutes = {
  counts: defineRoute({
    method: 'GET',
    path: '/admin/dashboard/get-counts',
    tag: dashboardTag,
    summary: 'Counts of accounts, running subscriptions, ads, open queries and deliveries',
    access: ['admin'],
    response: z.object({ data: dashboardCounts }),
  }),
  subscription: defineRoute({
    method: 'GET',
    path: '/admin/dashboard/subscription',
    tag: dashboardTag,
    summary: 'Revenue and purchases by plan kind over a range, by day, week or month',
    access: ['admin'],
    query: dashboardRangeQuery,
    response: z.object({ data: dashboardSubscriptionData }),
  }),
  userChart: defineRoute({
    method: 'GET',
    path: '/admin/dashboard/get-user-chart-data',
    tag: dashboardTag,
    summary: 'Sign-ups of users and of funeral homes over a range, by day, week or month',
    access: ['admin'],
    query: dashboardRangeQuery,
    response: z.object({ data: dashboardUserChartData }),
  }),
};
