/**
 * The dashboard's figures (docs/operations.md §Funeral homes, banner ads and the dashboard) on PostgreSQL
 * (BENCH_POSTGRES_URL, default the local server; a database of its own, dropped afterwards), through the
 * whole app over HTTP: 100,000 users, 5,000 funeral homes and 1,000,000 payments (the payment log's seeding,
 * scripts/bench/payments-seed.ts), with 50,000 queries, 20,000 banner ads and 200,000 deliveries beside them.
 * p50/p95 of each dashboard call over its widest ranges, the one-off build of the payments rollup, and the
 * plan of the slowest call's statement.
 */
import os from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { dashboardPoints, dashboardRoutes, routePath, type DashboardGrouping } from '@pw/contracts';
import { insertUser } from '../../apps/server/test/delivery-fixtures';
import { withPostgresApp } from './postgres-app';
import {
  createDashboardRepo,
  revenueQuery,
  signUpsQuery,
  withoutJit,
  type DayRange,
} from '../../apps/server/src/modules/dashboard';
import { percentile, timings } from './timing';
import { seedPayments } from './payments-seed';
import { sized } from './options';

const PAYMENTS = sized(1_000_000, 2_000);
const ACCOUNTS = sized({ users: 100_000, funeralHomes: 5_000 }, { users: 200, funeralHomes: 10 });

/** What else the counts read: queries, banner ads (some live), videos and their deliveries. */
const EXTRAS = [
  `insert into queries (name, email, subject, message, user_type, created_at)
   select 'Person ' || i, 'person' || i || '@example.test', 'Question ' || i, 'Message ' || i,
          (array['guest','user','funeral-home'])[1 + i % 3],
          timestamptz '2025-01-01' + (i::float / 50000) * interval '690 days'
   from generate_series(1, 50000) as i`,
  `insert into banner_ads (account_id, brand_name, brand_email, brand_url, status, payment_id,
                           starts_at, ends_at, created_at)
   select a.id, 'Brand ' || i, 'brand' || i || '@example.test', 'https://brand.example/' || i,
          (array['pending','approved','approved','rejected'])[1 + i % 4],
          case when i % 4 in (1, 2) then i end,
          case when i % 4 in (1, 2) then now() - (i % 60) * interval '1 day' end,
          case when i % 4 in (1, 2) then now() - (i % 60) * interval '1 day' + interval '30 days' end,
          timestamptz '2025-01-01' + (i::float / 20000) * interval '690 days'
   from generate_series(1, 20000) as i join users a on a.email = 'seeded-' || (1 + i * 5) || '@payments.bench'`,
  `insert into videos (owner_id, title, folder, state, search_code, created_at)
   select a.id, 'Video ' || i, 'scheduled', 'ready', 'bench-' || i,
          timestamptz '2025-01-01' + (i::float / 200000) * interval '690 days'
   from generate_series(1, 200000) as i join users a on a.email = 'seeded-' || (1 + i % 100000) || '@payments.bench'`,
  `insert into scheduled_deliveries (video_id, owner_id, recipient_email, due_at, next_attempt_at, status,
                                     token_hash, message_id, sent_at)
   select v.id, v.owner_id, 'family' || v.id || '@example.test', v.created_at + interval '30 days',
          v.created_at + interval '30 days',
          case when v.id % 10 = 0 then 'pending' when v.id % 10 = 1 then 'cancelled'
               when v.id % 50 = 2 then 'failed' else 'sent' end,
          'bench-hash-' || v.id, '<bench-' || v.id || '@example.test>',
          case when v.id % 10 > 1 then v.created_at + interval '30 days' end
   from videos v where v.search_code like 'bench-%'`,
  'vacuum analyze users, payments, subscriptions, queries, banner_ads, videos, scheduled_deliveries',
];

/** The dashboard's volume: the payment log's seeding with 100,000 users and 5,000 homes, and the rest. */
export async function seedDashboard(bare: pg.Pool) {
  await seedPayments(bare, PAYMENTS, ACCOUNTS);
  for (const statement of EXTRAS) await bare.query(statement);
}

interface Call {
  name: string;
  route: keyof typeof dashboardRoutes;
  query?: { from_date: string; to_date: string; group_by: DashboardGrouping; tz?: string };
}

/** Each call at the widest range its grouping allows, and the everyday 30 days. */
const RANGES = [
  { from_date: '2026-10-02', to_date: '2026-10-31', group_by: 'day' },
  { from_date: '2025-11-01', to_date: '2026-10-31', group_by: 'day' },
  { from_date: '2023-11-06', to_date: '2026-11-08', group_by: 'week' },
  { from_date: '2016-11-01', to_date: '2026-10-31', group_by: 'month' },
] as const;
const CALLS: Call[] = [
  { name: 'get-counts', route: 'counts' },
  ...(['subscription', 'userChart'] as const).flatMap((route) => [
    ...RANGES.map((query) => ({
      name: `${route} ${query.group_by} ${query.from_date}…${query.to_date}`,
      route,
      query,
    })),
    ...['America/New_York', 'Asia/Kolkata'].map((tz) => ({
      name: `${route} day 2025-11-01…2026-10-31 ${tz}`,
      route,
      query: { ...RANGES[1], tz },
    })),
  ]),
];

export async function run(): Promise<Record<string, string | number>> {
  return withPostgresApp('dashboard', async ({ address, deps, bare }) => {
    const seedStarted = performance.now();
    await seedDashboard(bare);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const volume = await bare.query<Record<string, number>>(
      `select (select count(*)::int from users where type = 'user') as users,
              (select count(*)::int from users where type = 'funeral-home') as homes,
              (select count(*)::int from payments) as payments`,
    );
    const adminId = await insertUser(deps.db, { type: 'admin', email: 'admin@dashboard.bench' });
    const headers = { authorization: `Bearer ${await deps.sessions.create(adminId, false)}` };
    const send = async (call: Call) => {
      const url = `${address}/api${routePath(dashboardRoutes[call.route], {}, call.query)}`;
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`${call.name} failed: ${response.status} ${await response.text()}`);
      return response.json();
    };

    // The first revenue call sums every payment made so far into the rollup, once.
    const buildStarted = performance.now();
    await send(CALLS.find((call) => call.route === 'subscription')!);
    const buildMs = performance.now() - buildStarted;
    const rollupRows = await bare.query<{ n: number }>(
      'select count(*)::int as n from dashboard_payment_buckets',
    );

    const figures: Record<string, string | number> = {
      database: 'PostgreSQL',
      'users / funeral homes / payments seeded': `${volume.rows[0]!.users} / ${volume.rows[0]!.homes} / ${volume.rows[0]!.payments}`,
      'seed time (s)': seedSeconds.toFixed(1),
      'first revenue call, building the rollup over every payment (ms)': buildMs.toFixed(0),
      'rollup rows (buckets of 15 min, 1 h, 6 h and 1 day)': rollupRows.rows[0]!.n,
    };
    const repo = createDashboardRepo(deps.db);
    /** The chart statement a call sends, as the app builds it. */
    const statementOf = async (call: Call) => {
      const query = call.query!;
      const range: DayRange = {
        from: query.from_date,
        to: query.to_date,
        groupBy: query.group_by,
        tz: query.tz ?? 'UTC',
        points: dashboardPoints(query.from_date, query.to_date, query.group_by),
      };
      return call.route === 'subscription'
        ? revenueQuery(range, (await repo.coveredUntil())!)
        : signUpsQuery(range);
    };
    // As the app sends it: in a transaction with JIT off
    // (docs/operations.md §Funeral homes, banner ads and the dashboard).
    const explain = async (call: Call, options: string) =>
      (
        (await withoutJit(deps.db, sql`explain (${sql.raw(options)}) ${await statementOf(call)}`)) as {
          rows: Array<Record<string, string>>;
        }
      ).rows.map((row) => Object.values(row)[0]!);
    let slowest = { call: CALLS[0]!, p95: 0 };
    for (const call of CALLS) {
      const times = await timings(() => send(call));
      const p95 = percentile(times, 95);
      let line = `${percentile(times, 50).toFixed(1)} / ${p95.toFixed(1)}`;
      if (call.query) {
        // The database's own time for the statement (EXPLAIN ANALYZE without per-node timing).
        const executions: number[] = [];
        for (let i = 0; i < 50; i++) {
          const plan = await explain(call, 'analyze, timing off');
          executions.push(Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? NaN));
        }
        executions.sort((a, b) => a - b);
        line += ` (statement in the database ${percentile(executions, 50).toFixed(1)} / ${percentile(executions, 95).toFixed(1)})`;
      }
      figures[`${call.name}: p50 / p95 (ms)`] = line;
      if (p95 > slowest.p95) slowest = { call, p95 };
    }
    figures['load average while measuring'] = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
    figures['slowest call'] = slowest.call.name;
    const chartCalls = CALLS.filter((call) => call.query);
    const slowestChart = slowest.call.query
      ? slowest.call
      : chartCalls.find((call) => call.route === 'subscription' && call.query?.tz === 'Asia/Kolkata')!;
    figures[`plan of ${slowestChart.name}`] =
      `\n${(await explain(slowestChart, 'analyze, buffers')).join('\n')}`;
    return figures;
  });
}
