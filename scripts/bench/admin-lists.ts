/**
 * The scale figure (decision 0235) for the back office's users and funeral-homes lists on PostgreSQL
 * (BENCH_POSTGRES_URL, default the local server; a database of its own, dropped afterwards), through
 * the whole app over HTTP: 100,000 users, 5,000 funeral homes and 1,000,000 payments (the payment log's
 * seeding, scripts/bench/payments-seed.ts) with varied names and plan durations. p50/p95 of each call variant (search, each
 * filter, first and last page, sorts), the count's own cost, and the plan of the slowest variant's
 * statements as the app sends them.
 */
import os from 'node:os';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { adminAccountRoutes, adminFuneralHomeListQuery, adminUserListQuery, routePath } from '@pw/contracts';
import type { Db } from '../../apps/server/src/platform/db';
import { insertUser } from '../../apps/server/test/delivery-fixtures';
import { createAdminAccountsRepo } from '../../apps/server/src/modules/admin-accounts';
import { withPostgresApp } from './postgres-app';
import { percentile, timings } from './timing';
import { seedPayments } from './payments-seed';
import { sized } from './options';

const PAYMENTS = sized(1_000_000, 2_000);
const ACCOUNTS = sized({ users: 100_000, funeralHomes: 5_000 }, { users: 200, funeralHomes: 10 });

const FIRST = [
  'James',
  'Mary',
  'John',
  'Patricia',
  'Robert',
  'Jennifer',
  'Michael',
  'Linda',
  'William',
  'Elizabeth',
  'David',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Christopher',
  'Nancy',
  'Daniel',
  'Lisa',
  'Matthew',
  'Betty',
  'Anthony',
  'Margaret',
  'Mark',
  'Sandra',
  'Donald',
  'Ashley',
  'Steven',
  'Kimberly',
  'Paul',
  'Emily',
  'Andrew',
  'Donna',
  'Joshua',
  'Michelle',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
];
const sqlArray = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(',')}]`;

/**
 * Names as people have them (40 first names, 50 last names with a number so full names repeat little),
 * e-mails from them, homes named after places, one account in ten inactive.
 */
const VARIETY = [
  `update users set
     first_name = (${sqlArray(FIRST)})[1 + (id * 7) % ${FIRST.length}],
     last_name = (${sqlArray(LAST)})[1 + (id * 13) % ${LAST.length}] || case when id % 3 = 0 then '-' || (id % 97) else '' end,
     status = case when id % 10 = 0 then 0 else 1 end
   where email like 'seeded-%'`,
  `update users set
     email = lower(first_name || '.' || split_part(last_name, '-', 1)) || '.' || id || '@mail' || (id % 7) || '.example',
     home_name = case when type = 'funeral-home'
       then (array['Evergreen','Riverside','Oakwood','Hillcrest','Maple','Sunset','Cedar','Willow'])[1 + id % 8]
            || ' ' || (array['Funeral Home','Chapel','Memorial','Mortuary'])[1 + id % 4] || ' ' || id end
   where email like 'seeded-%'`,
  // The payment seeding gives each account one plan for ever (its number decides it): spread the
  // durations over accounts so each duration filter matches someone.
  `update subscriptions s set plan_id = p.id from plans p
   where p.kind = s.kind and p.duration = (array['monthly','yearly','life-time'])[1 + (s.account_id / 7) % 3]`,
  // The two updates above rewrote every account: compact the table as a fresh load would be.
  'vacuum full analyze users',
  'vacuum analyze subscriptions',
];

/** The volume of decision 0235 with names as people have them. */
export async function seedAdminLists(bare: pg.Pool) {
  await seedPayments(bare, PAYMENTS, ACCOUNTS);
  for (const statement of VARIETY) await bare.query(statement);
}

interface Variant {
  name: string;
  route: 'users' | 'funeralHomes';
  query: Record<string, string | number>;
}

const USER_VARIANTS = (lastPage: number): Variant[] =>
  (
    [
      { name: 'users: page 1', query: {} },
      { name: `users: last page (${lastPage})`, query: { page: lastPage } },
      { name: 'users: page 1, 50 a page', query: { per_page: 50 } },
      { name: "users: search 'smith' (common last name)", query: { search: 'smith' } },
      { name: "users: search 'smith', last page", query: { search: 'smith', page: 200 } },
      { name: "users: search 'jennifer smith' (full name)", query: { search: 'jennifer smith' } },
      { name: "users: search '.4242@' (e-mail, one)", query: { search: '.4242@' } },
      { name: "users: search 'mail3' (a seventh)", query: { search: 'mail3' } },
      { name: "users: search 'jo' (two letters)", query: { search: 'jo' } },
      { name: "users: search 'zzzz' (nothing)", query: { search: 'zzzz' } },
      { name: 'users: status 0', query: { status: 0 } },
      { name: 'users: status 1, last page', query: { status: 1, page: Math.floor(lastPage * 0.9) } },
      { name: 'users: adSubscription subscriber', query: { adSubscription: 'subscriber' } },
      { name: 'users: adSubscription un-subscriber', query: { adSubscription: 'un-subscriber' } },
      { name: 'users: timeSubscription monthly', query: { timeSubscription: 'monthly' } },
      { name: 'users: timeSubscription yearly', query: { timeSubscription: 'yearly' } },
      { name: 'users: timeSubscription life-time', query: { timeSubscription: 'life-time' } },
      { name: 'users: timeSubscription un-subscriber', query: { timeSubscription: 'un-subscriber' } },
      { name: 'users: un-subscriber, last page', query: { timeSubscription: 'un-subscriber', page: 3000 } },
      { name: 'users: registered in 2025-06', query: { from_date: '2025-06-01', to_date: '2025-06-30' } },
      { name: 'users: sort last_name asc', query: { sort: 'last_name', order: 'asc' } },
      { name: 'users: sort email asc, page 5000', query: { sort: 'email', order: 'asc', page: 5000 } },
      {
        name: "users: search 'son' + subscriber + yearly + status 1",
        query: { search: 'son', adSubscription: 'subscriber', timeSubscription: 'yearly', status: 1 },
      },
    ] as Array<Omit<Variant, 'route'>>
  ).map((variant) => ({ ...variant, route: 'users' as const }));

const HOME_VARIANTS: Variant[] = (
  [
    { name: 'homes: page 1', query: {} },
    { name: 'homes: last page (500)', query: { page: 500 } },
    { name: "homes: search 'chapel'", query: { search: 'chapel' } },
    { name: "homes: search 'evergreen funeral'", query: { search: 'evergreen funeral' } },
    { name: 'homes: status 0', query: { status: 0 } },
    { name: 'homes: FilterByPackage monthly', query: { FilterByPackage: 'monthly' } },
    { name: 'homes: FilterByPackage yearly', query: { FilterByPackage: 'yearly' } },
    { name: 'homes: FilterByPackage life-time', query: { FilterByPackage: 'life-time' } },
    { name: 'homes: FilterByPackage unsubscribe', query: { FilterByPackage: 'unsubscribe' } },
    { name: 'homes: sort home_name asc, page 250', query: { sort: 'home_name', order: 'asc', page: 250 } },
  ] as Array<Omit<Variant, 'route'>>
).map((variant) => ({ ...variant, route: 'funeralHomes' as const }));

/** The statements a variant sends, captured from the very repository the app uses (drizzle's logger). */
async function statementsOf(bare: pg.Pool, variant: Variant) {
  const sent: Array<{ text: string; params: unknown[] }> = [];
  const db = drizzle(bare, {
    logger: { logQuery: (text, params) => void sent.push({ text, params }) },
  }) as unknown as Db;
  const repo = createAdminAccountsRepo(db);
  const now = new Date();
  const query = Object.fromEntries(Object.entries(variant.query).map(([key, value]) => [key, String(value)]));
  if (variant.route === 'users') await repo.users(adminUserListQuery.parse(query), now);
  else await repo.funeralHomes(adminFuneralHomeListQuery.parse(query), now);
  return sent;
}

export async function run(): Promise<Record<string, string | number>> {
  return withPostgresApp('admin-lists', async ({ address, deps, bare }) => {
    const seedStarted = performance.now();
    await seedAdminLists(bare);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const volume = await bare.query<Record<string, number>>(
      `select (select count(*)::int from users where type = 'user') as users,
              (select count(*)::int from users where type = 'funeral-home') as homes,
              (select count(*)::int from payments) as payments,
              (select count(*)::int from subscriptions) as subscriptions,
              (select count(*)::int from subscriptions where status <> 'expired'
                 and (expires_at is null or expires_at > now())) as running`,
    );
    const adminId = await insertUser(deps.db, { type: 'admin', email: 'admin@admin-lists.bench' });
    const headers = { authorization: `Bearer ${await deps.sessions.create(adminId, false)}` };
    const send = async (variant: Variant) => {
      const url = `${address}/api${routePath(adminAccountRoutes[variant.route], {}, variant.query)}`;
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`${variant.name}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { data: unknown[]; meta: { total: number; last_page: number } };
    };
    const lastPage = (await send({ name: 'probe', route: 'users', query: {} })).meta.last_page;
    const v = volume.rows[0]!;
    const figures: Record<string, string | number> = {
      database: 'PostgreSQL',
      'users / funeral homes / payments seeded': `${v.users} / ${v.homes} / ${v.payments}`,
      'subscriptions (running now)': `${v.subscriptions} (${v.running})`,
      'seed time (s)': seedSeconds.toFixed(1),
    };
    figures['load average before measuring'] = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
    let slowest = { variant: USER_VARIANTS(lastPage)[0]!, p95: 0 };
    for (const variant of [...USER_VARIANTS(lastPage), ...HOME_VARIANTS]) {
      const body = await send(variant);
      const times = await timings(() => send(variant), sized(100, 3), sized(10, 1));
      const p95 = percentile(times, 95);
      // The two statements alone, bare through `pg` (the app runs them side by side).
      const [page, count] = await statementsOf(bare, variant);
      const bareP95 = async (statement: { text: string; params: unknown[] }) =>
        percentile(
          await timings(() => bare.query(statement.text, statement.params), sized(30, 2), 1),
          95,
        ).toFixed(1);
      figures[`${variant.name}: p50 / p95 (ms); bare page / count p95; rows matched`] =
        `${percentile(times, 50).toFixed(1)} / ${p95.toFixed(1)}; ${await bareP95(page!)} / ${await bareP95(count!)}; ${body.meta.total}`;
      if (p95 > slowest.p95) slowest = { variant, p95 };
      // Progress while it runs (the figures are printed at the end).
      process.stderr.write(`${variant.name}: p95 ${p95.toFixed(1)} ms\n`);
    }
    figures['load average while measuring'] = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
    figures['slowest variant'] = `${slowest.variant.name} (p95 ${slowest.p95.toFixed(1)} ms)`;
    const statements = await statementsOf(bare, slowest.variant);
    for (const [index, statement] of statements.entries()) {
      const plan = await bare.query(`explain (analyze, buffers) ${statement.text}`, statement.params);
      figures[`plan of its statement ${index + 1}`] =
        `\n${statement.text}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`;
    }
    return figures;
  });
}
