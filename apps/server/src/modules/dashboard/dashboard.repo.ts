import { and, count, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DashboardGrouping } from '@pw/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { users } from '../accounts/accounts.schema';
import { bannerAds } from '../banner-ads/banner-ads.schema';
import { scheduledDeliveries } from '../delivery/delivery.schema';
import { payments, subscriptions } from '../payments/payments.schema';
import { plans } from '../plans/plans.schema';
import { queries } from '../queries/queries.schema';
import { dashboardPaymentBuckets, dashboardRollupState } from './dashboard.schema';

/** A resolved range: inclusive local days, how they are grouped, the zone the days are in. */
export interface DayRange {
  from: string;
  to: string;
  groupBy: DashboardGrouping;
  tz: string;
  points: number;
}

const ROLLUP = 'payments';
/** The rollup's advisory lock: one catch-up at a time (0x5057 'PW', 0x0230 the decision). */
const ROLLUP_LOCK = sql`select pg_advisory_xact_lock(${0x5057_0230})`;
const STEP: Record<DashboardGrouping, SQL> = {
  day: sql.raw(`interval '1 day'`),
  week: sql.raw(`interval '1 week'`),
  month: sql.raw(`interval '1 month'`),
};

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as Rows<T>).rows;

/**
 * The range's points as instants: point `i` covers the local days [start, end) of its period, clipped
 * to the range (the first week or month may begin before `from`, the last end after `to`). No row is
 * converted to the zone: each point is an instant interval the indexes can range over (decision 0230).
 */
function points(range: DayRange) {
  const step = STEP[range.groupBy];
  const unit = sql.raw(`'${range.groupBy}'`);
  return sql`
    select i, to_char(period, 'YYYY-MM-DD') as period,
           (greatest(period, ${range.from}::date::timestamp) at time zone ${range.tz}) as s,
           (least(period + ${step}, ${range.to}::date::timestamp + interval '1 day') at time zone ${range.tz}) as e
    from (select i, date_trunc(${unit}, ${range.from}::date::timestamp) + i * ${step} as period
          from generate_series(0, ${range.points - 1}::int) as i) as periods`;
}

/** Revenue kind of a payment: its plan's kind, or 'one-time' for extra video time. */
const paymentKind = sql`coalesce(${plans.kind}, 'one-time')`;

/**
 * Runs a chart's statement with PostgreSQL's JIT off. A range join over generated points is estimated
 * at millions of rows, which switches JIT compilation on: over a second of compiling for a statement
 * that runs in milliseconds (measured, decision 0231). PGlite has no JIT; the setting is harmless there.
 */
export function withoutJit(tx: DbOrTx, statement: SQL): Promise<unknown> {
  return tx.transaction(async (t) => {
    await t.execute(sql`set local jit = off`);
    return t.execute(statement);
  });
}

/** New users and funeral homes per point: two index range counts per point (users(type, created_at)). */
export function signUpsQuery(range: DayRange): SQL {
  const counted = (type: string) =>
    sql`(select count(*)::int from ${users} where ${users.type} = ${type}
           and ${users.createdAt} >= p.s and ${users.createdAt} < p.e)`;
  return sql`
    select p.period, ${counted('user')} as users, ${counted('funeral-home')} as funeral_homes
    from (${points(range)}) as p order by p.i`;
}

const ceil = (unit: string, x: SQL) =>
  sql`(case when date_trunc('${sql.raw(unit)}', ${x}, 'UTC') = ${x} then ${x}
            else date_trunc('${sql.raw(unit)}', ${x}, 'UTC') + interval '1 ${sql.raw(unit)}' end)`;
const floor = (unit: string, x: SQL) => sql`date_trunc('${sql.raw(unit)}', ${x}, 'UTC')`;

/**
 * Purchases and cents per point and kind: the rollup's buckets before the watermark, each point cut
 * into at most five pieces (quarters, hours, whole UTC days, hours, quarters), then the payments made
 * since the watermark, read from payments themselves.
 */
export function revenueQuery(range: DayRange, coveredUntil: Date): SQL {
  const w = sql`${coveredUntil.toISOString()}::timestamptz`;
  return sql`
    with p as (${points(range)}),
    -- The part of each point the rollup covers: [s, e) clipped to the watermark.
    c as (select i, least(s, ${w}) as s, least(e, ${w}) as e from p),
    c1 as (select i, s, e, least(${ceil('hour', sql`s`)}, e) as h1 from c),
    c2 as (select i, s, e, h1, greatest(${floor('hour', sql`e`)}, h1) as h2 from c1),
    c3 as (select i, s, e, h1, h2, least(${ceil('day', sql`s`)}, h2) as d1 from c2),
    cut as (select i, s, e, h1, h2, d1, greatest(${floor('day', sql`e`)}, d1) as d2 from c3),
    pieces as (
      select cut.i, piece.width, piece.lo, piece.hi
      from cut cross join lateral (values (15::smallint, s, h1), (60::smallint, h1, d1),
                                          (1440::smallint, d1, d2), (60::smallint, d2, h2),
                                          (15::smallint, h2, e)) as piece(width, lo, hi)
      where piece.lo < piece.hi
    ),
    summed as (
      select pieces.i, b.kind, b.purchases::bigint as purchases, b.cents
      from pieces join ${dashboardPaymentBuckets} as b
        on b.width = pieces.width and b.starts_at >= pieces.lo and b.starts_at < pieces.hi
      union all
      select p.i, ${paymentKind}, 1, ${payments.amountCents}::bigint
      from p join ${payments} on ${payments.createdAt} >= greatest(p.s, ${w}) and ${payments.createdAt} < p.e
      left join ${plans} on ${plans.id} = ${payments.planId}
    )
    select i, kind, sum(purchases)::int as purchases, sum(cents)::text as cents
    from summed group by i, kind order by i, kind`;
}

export interface CountsRow {
  users: number;
  funeralHomes: number;
  subscriptions: Record<string, number>;
  liveAds: number;
  pendingAdRequests: number;
  openQueries: number;
  deliveriesScheduled: number;
  deliveriesDelivered: number;
}

export interface UserPointRow {
  period: string;
  users: number;
  funeral_homes: number;
}

export interface RevenuePointRow {
  i: number;
  kind: string;
  purchases: number;
  cents: string;
}

/**
 * The dashboard's reads (read-only joins of other modules' tables, architecture.md) and its own
 * rollup of payments. Each method takes a transaction last.
 */
export function createDashboardRepo(db: Db) {
  const one = async (query: Promise<Array<{ n: number }>>) => Number((await query)[0]?.n ?? 0);

  /** The rollup's watermark: buckets ending before it are complete (null: never rolled up). */
  const coveredUntil = async (tx: DbOrTx = db): Promise<Date | null> => {
    const [row] = await tx
      .select({ at: dashboardRollupState.coveredUntil })
      .from(dashboardRollupState)
      .where(eq(dashboardRollupState.name, ROLLUP));
    return row?.at ?? null;
  };

  return {
    async counts(now: Date, openSince: Date, tx: DbOrTx = db): Promise<CountsRow> {
      const [byType, running, liveAds, pending, openQueries, scheduled, delivered] = await Promise.all([
        tx
          .select({ type: users.type, n: count() })
          .from(users)
          .where(inArray(users.type, ['user', 'funeral-home']))
          .groupBy(users.type),
        // Running as the payments module says it (decision 0171): not expired, its end still ahead.
        tx
          .select({ kind: subscriptions.kind, n: count() })
          .from(subscriptions)
          .where(
            and(
              ne(subscriptions.status, 'expired'),
              or(isNull(subscriptions.expiresAt), gt(subscriptions.expiresAt, now)),
            ),
          )
          .groupBy(subscriptions.kind),
        // Approved, paid (a banner subscription holds it) and running now.
        one(
          tx
            .select({ n: count() })
            .from(bannerAds)
            .where(
              and(
                eq(bannerAds.status, 'approved'),
                isNotNull(bannerAds.subscriptionId),
                lte(bannerAds.startsAt, now),
                gt(bannerAds.endsAt, now),
              ),
            ),
        ),
        one(tx.select({ n: count() }).from(bannerAds).where(eq(bannerAds.status, 'pending'))),
        one(tx.select({ n: count() }).from(queries).where(gte(queries.createdAt, openSince))),
        one(
          tx
            .select({ n: count() })
            .from(scheduledDeliveries)
            .where(inArray(scheduledDeliveries.status, ['pending', 'sending'])),
        ),
        one(
          tx.select({ n: count() }).from(scheduledDeliveries).where(eq(scheduledDeliveries.status, 'sent')),
        ),
      ]);
      const ofType = (type: string) => Number(byType.find((row) => row.type === type)?.n ?? 0);
      return {
        users: ofType('user'),
        funeralHomes: ofType('funeral-home'),
        subscriptions: Object.fromEntries(running.map((row) => [row.kind, Number(row.n)])),
        liveAds,
        pendingAdRequests: pending,
        openQueries,
        deliveriesScheduled: scheduled,
        deliveriesDelivered: delivered,
      };
    },

    /** New users and funeral homes per point. */
    async signUps(range: DayRange, tx: DbOrTx = db): Promise<UserPointRow[]> {
      return rowsOf<UserPointRow>(withoutJit(tx, signUpsQuery(range)));
    },

    /** Purchases and cents per point and kind (see revenueQuery). */
    async revenue(range: DayRange, coveredUntil: Date, tx: DbOrTx = db): Promise<RevenuePointRow[]> {
      return rowsOf<RevenuePointRow>(withoutJit(tx, revenueQuery(range, coveredUntil)));
    },

    coveredUntil,

    /**
     * Moves the watermark to `until` (a quarter-hour boundary), summing the payments made in between:
     * quarters first, then the hours and days completed by them. One at a time (advisory lock); a
     * concurrent caller finds the work done. Answers the watermark in force afterwards.
     */
    async rollUp(until: Date, tx: Db = db): Promise<Date> {
      return tx.transaction(async (t) => {
        await t.execute(ROLLUP_LOCK);
        const current = await coveredUntil(t);
        if (current && current >= until) return current;
        let from = current;
        if (!from) {
          const [first] = await t
            .select({ at: sql<string | null>`min(${payments.createdAt})::text` })
            .from(payments);
          from = first?.at ? new Date(first.at) : until;
          // Start at the first payment's UTC day, so its hours and day are complete too.
          from = new Date(
            Math.min(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()), until.getTime()),
          );
        }
        const lo = sql`${from.toISOString()}::timestamptz`;
        const hi = sql`${until.toISOString()}::timestamptz`;
        await t.execute(sql`
          insert into ${dashboardPaymentBuckets} (width, starts_at, kind, purchases, cents)
          select 15, date_bin('15 minutes', ${payments.createdAt}, timestamptz '2000-01-01 00:00:00+00'),
                 ${paymentKind}, count(*), sum(${payments.amountCents})
          from ${payments} left join ${plans} on ${plans.id} = ${payments.planId}
          where ${payments.createdAt} >= ${lo} and ${payments.createdAt} < ${hi}
          group by 2, 3
          on conflict (width, starts_at, kind) do update
            set purchases = ${dashboardPaymentBuckets.purchases} + excluded.purchases,
                cents = ${dashboardPaymentBuckets.cents} + excluded.cents`);
        // Hours (then days) that end by the new watermark and had not ended by the old one.
        for (const [width, unit, part] of [
          [60, 'hour', 15],
          [1440, 'day', 60],
        ] as const) {
          await t.execute(sql`
            insert into ${dashboardPaymentBuckets} (width, starts_at, kind, purchases, cents)
            select ${width}, date_trunc(${unit}, starts_at, 'UTC'), kind, sum(purchases), sum(cents)
            from ${dashboardPaymentBuckets}
            where width = ${part} and starts_at >= date_trunc(${unit}, ${lo}, 'UTC')
              and starts_at < date_trunc(${unit}, ${hi}, 'UTC')
            group by 2, 3
            on conflict (width, starts_at, kind) do update
              set purchases = excluded.purchases, cents = excluded.cents`);
        }
        await t
          .insert(dashboardRollupState)
          .values({ name: ROLLUP, coveredUntil: until, updatedAt: new Date() })
          .onConflictDoUpdate({
            target: dashboardRollupState.name,
            set: { coveredUntil: until, updatedAt: new Date() },
          });
        return until;
      });
    },
  };
}

export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
