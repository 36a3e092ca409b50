import { and, count, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DashboardGrouping, RevenueKind } from '@pw/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { dashboardPaymentBuckets, dashboardRollupState } from './dashboard.schema';
import { accountsView } from '../accounts';
import { bannerAdsView as bannerAds } from '../banner-ads';
import { scheduledDeliveriesView as scheduledDeliveries } from '../delivery';
import { paymentsView as payments, subscriptionsView as subscriptions } from '../payments';
import { plansView as plans } from '../plans';
import { queriesView as queries } from '../queries';

// Other modules' tables, read through their public views (decision 0310).
const users = accountsView('users');

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
 * converted to the zone: each point is an instant interval the indexes can range over (docs/product.md §9.1).
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
 * that runs in milliseconds (measured, docs/operations.md §Funeral homes, banner ads and the dashboard).
 * PGlite has no JIT; the setting is harmless there.
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

/** The revenue kinds' column pairs in the buckets (fixed names: safe to write into the statements). */
export const KIND_COLUMNS = {
  membership: 'membership',
  'ad-free': 'ad_free',
  'funeral-home': 'funeral_home',
  'banner-ad': 'banner_ad',
  'one-time': 'one_time',
} as const satisfies Record<RevenueKind, string>;
const kindColumns = Object.values(KIND_COLUMNS);
const purchases = (c: string) => sql.raw(`purchases_${c}`);
const cents = (c: string) => sql.raw(`cents_${c}`);

/** Bucket widths in minutes, finest first: every zone's midnight falls on a quarter-hour. */
export const BUCKET_MINUTES = [15, 60, 360, 1440] as const;
const ORIGIN = sql.raw(`timestamptz '2000-01-01 00:00:00+00'`);
const bin = (minutes: number, x: SQL) =>
  sql`date_bin(${sql.raw(`interval '${minutes} minutes'`)}, ${x}, ${ORIGIN})`;
const ceilTo = (minutes: number, x: SQL) =>
  sql`(case when ${bin(minutes, x)} = ${x} then ${x} else ${bin(minutes, x)} + ${sql.raw(`interval '${minutes} minutes'`)} end)`;

/**
 * Cuts each point [s, e) into pieces each made of whole buckets of one width: from the left, quarters
 * up to the first whole hour, hours up to the first whole 6 hours, then 6 hours, up to the first whole
 * day; whole days; and back down on the right. `lo_k`/`hi_k` are where width k's run begins and ends.
 */
function pieces(from: string): SQL {
  const steps: SQL[] = [];
  let previous = 'c0';
  for (let k = 1; k < BUCKET_MINUTES.length; k++) {
    const m = BUCKET_MINUTES[k]!;
    const name = `c${k}`;
    const lo = sql`least(${ceilTo(m, sql`s`)}, ${sql.raw(`hi_${k - 1}`)})`;
    steps.push(
      sql`, ${sql.raw(name)} as (select *, ${lo} as ${sql.raw(`lo_${k}`)} from ${sql.raw(previous)})`,
    );
    const hiName = `${name}h`;
    steps.push(
      sql`, ${sql.raw(hiName)} as (select *, greatest(${bin(m, sql`e`)}, ${sql.raw(`lo_${k}`)}) as ${sql.raw(`hi_${k}`)} from ${sql.raw(name)})`,
    );
    previous = hiName;
  }
  const top = BUCKET_MINUTES.length - 1;
  const values: SQL[] = [];
  for (let k = 0; k < top; k++) {
    const m = BUCKET_MINUTES[k]!;
    values.push(
      sql.raw(`(${m}::smallint, lo_${k}, lo_${k + 1})`),
      sql.raw(`(${m}::smallint, hi_${k + 1}, hi_${k})`),
    );
  }
  values.push(sql.raw(`(${BUCKET_MINUTES[top]}::smallint, lo_${top}, hi_${top})`));
  return sql`
    c0 as (select i, s, e, s as lo_0, e as hi_0 from ${sql.raw(from)})${sql.join(steps, sql``)},
    pieces as (
      select i, piece.width, piece.lo, piece.hi
      from ${sql.raw(previous)} cross join lateral (values ${sql.join(values, sql`, `)}) as piece(width, lo, hi)
      where piece.lo < piece.hi
    )`;
}

/**
 * Purchases and cents of each kind per point: the rollup's buckets before the watermark, each point cut
 * into at most seven pieces of whole buckets, then the payments made since the watermark, read from
 * payments themselves.
 */
export function revenueQuery(range: DayRange, coveredUntil: Date): SQL {
  const w = sql`${coveredUntil.toISOString()}::timestamptz`;
  const kindOf = sql`coalesce(${plans.kind}, 'one-time')`;
  const live = Object.entries(KIND_COLUMNS).flatMap(([kind, c]) => [
    sql`(case when ${kindOf} = ${kind} then 1 else 0 end) as ${purchases(c)}`,
    sql`(case when ${kindOf} = ${kind} then ${payments.amountCents} else 0 end)::bigint as ${cents(c)}`,
  ]);
  const columns = kindColumns.flatMap((c) => [purchases(c), cents(c)]);
  const totals = kindColumns.flatMap((c) => [
    sql`sum(${purchases(c)})::int as ${purchases(c)}`,
    sql`sum(${cents(c)})::text as ${cents(c)}`,
  ]);
  return sql`
    with p as (${points(range)}),
    -- The part of each point the rollup covers: [s, e) clipped to the watermark.
    clipped as (select i, least(s, ${w}) as s, least(e, ${w}) as e from p),
    ${pieces('clipped')},
    summed as (
      select pieces.i, ${sql.join(
        columns.map((column) => sql`b.${column}`),
        sql`, `,
      )}
      from pieces join ${dashboardPaymentBuckets} as b
        on b.width = pieces.width and b.starts_at >= pieces.lo and b.starts_at < pieces.hi
      union all
      select p.i, ${sql.join(live, sql`, `)}
      from p join ${payments} on ${payments.createdAt} >= greatest(p.s, ${w}) and ${payments.createdAt} < p.e
      left join ${plans} on ${plans.id} = ${payments.planId}
    )
    select i, ${sql.join(totals, sql`, `)} from summed group by i order by i`;
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

/** A point's figures: `purchases_<kind>` (number) and `cents_<kind>` (text) for each kind column. */
export type RevenuePointRow = { i: number } & Record<string, number | string>;

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
        // Running as the payments module says it (docs/product.md §7.4): not expired, its end still ahead.
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
        // Approved, paid and running now (docs/product.md §8.5): its run is set only by the payment that buys
        // it, and a life-time banner plan has no end.
        one(
          tx
            .select({ n: count() })
            .from(bannerAds)
            .where(
              and(
                eq(bannerAds.status, 'approved'),
                isNotNull(bannerAds.paymentId),
                lte(bannerAds.startsAt, now),
                or(isNull(bannerAds.endsAt), gt(bannerAds.endsAt, now)),
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
        // A banner plan is bought per ad and makes no subscription row (docs/product.md §8.5): its running
        // plans are the live ads.
        subscriptions: {
          ...Object.fromEntries(running.map((row) => [row.kind, Number(row.n)])),
          'banner-ad': liveAds,
        },
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
        const names = sql.raw(kindColumns.flatMap((c) => [`purchases_${c}`, `cents_${c}`]).join(', '));
        const counted = Object.keys(KIND_COLUMNS).flatMap((kind) => [
          sql`count(*) filter (where ${paymentKind} = ${kind})`,
          sql`coalesce(sum(${payments.amountCents}) filter (where ${paymentKind} = ${kind}), 0)`,
        ]);
        // The quarters between the two watermarks, from payments; in time order, so a range reads few pages.
        await t.execute(sql`
          insert into ${dashboardPaymentBuckets} (width, starts_at, ${names})
          select 15, ${bin(15, sql`${payments.createdAt}`)} as bucket, ${sql.join(counted, sql`, `)}
          from ${payments} left join ${plans} on ${plans.id} = ${payments.planId}
          where ${payments.createdAt} >= ${lo} and ${payments.createdAt} < ${hi}
          group by bucket order by bucket`);
        // Each wider bucket that ends by the new watermark and had not by the old one, from the next finer.
        const summed = sql.join(
          kindColumns.flatMap((c) => [sql`sum(${purchases(c)})`, sql`sum(${cents(c)})`]),
          sql`, `,
        );
        for (let k = 1; k < BUCKET_MINUTES.length; k++) {
          const m = BUCKET_MINUTES[k]!;
          await t.execute(sql`
            insert into ${dashboardPaymentBuckets} (width, starts_at, ${names})
            select ${m}, ${bin(m, sql`starts_at`)} as bucket, ${summed}
            from ${dashboardPaymentBuckets}
            where width = ${BUCKET_MINUTES[k - 1]} and starts_at >= ${bin(m, lo)} and starts_at < ${bin(m, hi)}
            group by bucket order by bucket
            on conflict (width, starts_at) do update set ${sql.join(
              kindColumns.flatMap((c) => [
                sql`${purchases(c)} = excluded.${purchases(c)}`,
                sql`${cents(c)} = excluded.${cents(c)}`,
              ]),
              sql`, `,
            )}`);
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
