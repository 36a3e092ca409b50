import type pg from 'pg';

/** The accounts the payments are spread over (the payment log's figure: 8,000 users, 2,000 homes). */
export interface SeededAccounts {
  users: number;
  funeralHomes: number;
}

/**
 * A million payments for the payment-log figure: 10,000 accounts by default (one in five a funeral
 * home; the dashboard's figure asks for 100,000 users and 5,000 homes) signing up evenly over
 * 2024-01-01 … 2026-10-31 and paying evenly over 2025-01-01 … 2026-10-31 (about 1,500 a day); users
 * buy memberships and ad-free plans, one payment in five is extra time; funeral homes buy funeral-home
 * plans. Each plan payment has its subscription, as the app stores them.
 */
export async function seedPayments(
  client: pg.Pool,
  count: number,
  accounts: SeededAccounts = { users: 8_000, funeralHomes: 2_000 },
) {
  const total = accounts.users + accounts.funeralHomes;
  // Every n-th account is a funeral home.
  const homeEvery = Math.max(1, Math.round(total / Math.max(1, accounts.funeralHomes)));
  await client.query(`
    insert into users (type, email, password_hash, first_name, last_name, home_name, created_at)
    select case when i % ${homeEvery} = 0 then 'funeral-home' else 'user' end, 'seeded-' || i || '@payments.bench',
           'not-a-real-hash', 'Seeded', 'Payer ' || i,
           case when i % ${homeEvery} = 0 then 'Seeded Home ' || i end,
           timestamptz '2024-01-01' + (i::float / ${total}) * interval '1034 days'
    from generate_series(1, ${total}) as i`);
  await client.query(`
    create temporary table seeded_accounts as
    select row_number() over (order by id) - 1 as n, id, type from users where email like 'seeded-%'`);
  await client.query(`
    create temporary table seeded_plans as
    select kind, array_agg(id order by id) as ids, array_agg(price_cents order by id) as prices
    from plans where kind in ('membership', 'ad-free', 'funeral-home') group by kind`);
  await client.query(`
    insert into payments (account_id, plan_id, extra_seconds, amount_cents, currency, provider,
                          provider_reference, brand, last4, status, idempotency_key, purpose, created_at)
    select a.id, bought.plan_id, bought.extra_seconds, coalesce(bought.price, 99), 'usd', 'sandbox',
           'seed_' || i, 'visa', '4242', 'succeeded', 'seed-' || i,
           coalesce('plan:' || bought.plan_id, 'seconds:60'),
           timestamptz '2025-01-01' + (i::float / ${count}) * interval '669 days'
    from generate_series(1, ${count}) as i
    join seeded_accounts a on a.n = i % ${total}
    cross join lateral (
      select case when a.type = 'funeral-home' then 'funeral-home'
                  when i % 5 = 1 then null when i % 3 = 0 then 'ad-free' else 'membership' end as kind
    ) chosen
    left join seeded_plans p on p.kind = chosen.kind
    cross join lateral (
      select p.ids[1 + i % array_length(p.ids, 1)] as plan_id,
             p.prices[1 + i % array_length(p.prices, 1)] as price,
             case when chosen.kind is null then 60 end as extra_seconds
    ) bought`);
  await client.query(`
    insert into subscriptions (account_id, plan_id, payment_id, kind, starts_at, expires_at, auto_renew, status)
    select p.account_id, p.plan_id, p.id, pl.kind, p.created_at, p.created_at + interval '1 month', false,
           case when p.created_at + interval '1 month' < now() then 'expired' else 'active' end
    from payments p join plans pl on pl.id = p.plan_id where p.idempotency_key like 'seed-%'`);
  // A live database is vacuumed by autovacuum; a fresh load is not, and its counts could not read the index alone.
  await client.query('vacuum analyze payments, subscriptions, users');
}

const IN_RANGE = (column: string) => `${column} >= ($1::date)::timestamp at time zone 'UTC'
    and ${column} < ($2::date + 1)::timestamp at time zone 'UTC'`;

/**
 * What the app sends for the admin's payment log with a date filter (decision 0235): the page's ids by
 * the index, their rows joined, and the count on payments alone.
 */
export const PAYMENT_LOG_SQL = {
  page: `select p.id, p.account_id, p.amount_cents, p.created_at, p.extra_seconds, p.consumed_at, pl.id,
      pl.title, pl.kind, pl.duration, pl.price_cents, s.expires_at, s.status,
      coalesce(u.home_name, u.first_name || ' ' || u.last_name), u.email, u.type
    from (select id from payments where ${IN_RANGE('created_at')}
          order by created_at desc, id desc limit $3 offset $4) page
    join payments p on p.id = page.id
    join users u on u.id = p.account_id
    left join plans pl on pl.id = p.plan_id
    left join subscriptions s on s.payment_id = p.id
    order by p.created_at desc, p.id desc`,
  count: `select count(*)::int from payments where ${IN_RANGE('created_at')}`,
};

/** The same for the membership purchase log (`/admin/subscription/time-block/logs`). */
export const PURCHASE_LOG_SQL = {
  page: `select s.id, u.first_name, u.last_name, u.home_name, u.email, pl.title, p.amount_cents, s.starts_at,
      s.expires_at, coalesce(s.status <> 'expired' and (s.expires_at is null or s.expires_at > now()), false)
    from (select id from subscriptions where kind = 'membership' and ${IN_RANGE('starts_at')}
          order by starts_at desc, id desc limit $3 offset $4) page
    join subscriptions s on s.id = page.id
    join users u on u.id = s.account_id
    join plans pl on pl.id = s.plan_id
    join payments p on p.id = s.payment_id
    order by s.starts_at desc, s.id desc`,
  count: `select count(*)::int from subscriptions where kind = 'membership' and ${IN_RANGE('starts_at')}`,
};
