/**
 * The banner slot's figures (decision 0259; docs/product.md §8.6), on PostgreSQL (BENCH_POSTGRES_URL, default
 * the local server; a database of its own, dropped afterwards), through the whole app over HTTP:
 * - the slot call (GET /web/user/banner-ad/slot) with 1,000 live ads (and 10,000 ended ones beside
 *   them) at 100 requests per second for 20 seconds (evenly spaced, from a worker thread): p50 and p95 (each response's time from when it was due, as steady-load
 *   reports it), beside the profile call at the same rate (the harness's and the guard's own cost);
 * - 10,000 slot calls by 100 readers, 200 in flight at a time: the views added equal the distinct
 *   (reader, ad) pairs shown, a view counting once per reader, ad and day (docs/product.md §8.6).
 */
import pg from 'pg';
import { withPostgresApp } from './postgres-app';
import { insertUser } from '../../apps/server/test/delivery-fixtures';
import { percentile } from './timing';
import { steadyLoad } from './steady-load';
import { sized } from './options';
import { bannerAdRoutes, accountRoutes, routeUrl } from '@pw/contracts';

const LIVE_ADS = sized(1_000, 20);
const ENDED_ADS = sized(10_000, 50);
const RATE = sized(100, 20);
const SECONDS = sized(20, 1);
const VIEWS = sized(10_000, 100);
const IN_FLIGHT = sized(200, 10);
const READERS = sized(100, 10);
const LOAD = { rate: RATE, seconds: SECONDS };

/** Ads written directly: requesters, approved requests with one image, each paid (a payment row). */
async function seedAds(bare: pg.Pool, count: number, live: boolean) {
  const plan = await bare.query<{ id: number }>(`select id from plans where kind = 'banner-ad' limit 1`);
  const window = live
    ? `now() - interval '1 hour', now() + interval '7 days'`
    : `now() - interval '30 days', now() - interval '23 days'`;
  await bare.query(
    `with requesters as (
       insert into users (type, email, password_hash, first_name, last_name, status)
       select 'user', 'bench-' || $3 || '-' || n || '@banner.bench', 'x', 'Bench', 'Requester', 1
       from generate_series(1, $1) n
       returning id
     ), paid as (
       insert into payments (account_id, plan_id, amount_cents, currency, provider, provider_reference,
                             brand, last4, status, idempotency_key, purpose)
       select id, $2, 999, 'USD', 'sandbox', 'bench-' || id, 'visa', '4242', 'succeeded', 'bench', 'banner'
       from requesters
       returning id, account_id
     ), ads as (
       insert into banner_ads (account_id, brand_name, brand_email, brand_url, status, plan_id, payment_id,
                               starts_at, ends_at)
       select account_id, 'Brand ' || id, 'ads@brand.bench', 'https://brand.bench/' || id, 'approved', $2, id,
              ${window}
       from paid
       returning id
     )
     insert into banner_ad_images (banner_ad_id, storage_key, position)
     select id, 'banner-ads/bench-' || id || '.png', 0 from ads`,
    [count, plan.rows[0]!.id, live ? 'live' : 'ended'],
  );
  await bare.query('analyze');
}

export async function run(): Promise<Record<string, string | number>> {
  return withPostgresApp('banner', async ({ address, deps, bare }) => {
    await seedAds(bare, ENDED_ADS, false);
    await seedAds(bare, LIVE_ADS, true);
    const readerId = await insertUser(deps.db, { email: 'reader@banner.bench' });
    const headers = { authorization: `Bearer ${await deps.sessions.create(readerId, false)}` };
    const slot = async (as = headers) => {
      const response = await fetch(`${address}${routeUrl(bannerAdRoutes.user.slot)}`, { headers: as });
      const body = (await response.json()) as { data: { id: number } | null };
      if (!response.ok || !body.data) throw new Error(`slot: ${response.status} ${JSON.stringify(body)}`);
      return body.data.id;
    };
    for (let i = 0; i < sized(50, 2); i++) await slot();

    // 100 requests a second for 20 seconds, the slot and then, as the harness's own cost beside it, the
    // profile call (the same guard and a few reads by index, no write).
    const times = await steadyLoad(`${address}${routeUrl(bannerAdRoutes.user.slot)}`, headers, LOAD);
    const baseline = await steadyLoad(`${address}${routeUrl(accountRoutes.userProfile)}`, headers, LOAD);
    const { rows: shownRows } = await bare.query<{ n: number }>(
      'select count(*)::int as n from banner_ads where views > 0',
    );

    // 10,000 views by 100 readers, 200 in flight at a time: none lost, none counted twice.
    const readers = await Promise.all(
      Array.from({ length: READERS }, async (_, i) => {
        const id = await insertUser(deps.db, { email: `reader-${i}@banner.bench` });
        return { id, headers: { authorization: `Bearer ${await deps.sessions.create(id, false)}` } };
      }),
    );
    const pairs = new Set<string>();
    const total = async () =>
      Number((await bare.query<{ n: string }>('select sum(views)::bigint as n from banner_ads')).rows[0]!.n);
    // Let anything still being written land before counting.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = await total();
    let next = 0;
    const viewsStarted = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < VIEWS) {
          const reader = readers[next % READERS]!;
          next += 1;
          pairs.add(`${reader.id}:${await slot(reader.headers)}`);
        }
      }),
    );
    const viewsSeconds = (performance.now() - viewsStarted) / 1000;
    const counted = (await total()) - before;
    if (counted !== pairs.size)
      throw new Error(`bench: ${pairs.size} first views of a reader and ad sent, ${counted} counted`);

    return {
      'slot live ads (ended beside them)': `${LIVE_ADS} (${ENDED_ADS})`,
      [`slot at ${RATE} req/s for ${SECONDS} s: requests`]: times.length,
      'slot p50 (ms)': percentile(times, 50).toFixed(2),
      'slot p95 (ms, aim < 20)': percentile(times, 95).toFixed(2),
      'slot p99 (ms)': percentile(times, 99).toFixed(2),
      'beside it, the profile call at the same rate: p50 / p95 (ms)': `${percentile(baseline, 50).toFixed(2)} / ${percentile(baseline, 95).toFixed(2)}`,
      'ads shown at least once (of the live ones)': shownRows[0]!.n,
      [`slot calls sent by ${READERS} readers (${IN_FLIGHT} in flight)`]: VIEWS,
      'first views of a reader and ad among them': pairs.size,
      'views counted': counted,
      'slot calls per second': Math.round(VIEWS / viewsSeconds),
    };
  });
}
