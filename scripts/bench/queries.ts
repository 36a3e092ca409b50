/**
 * The admin's queries list with 100,000 contact-us messages on PostgreSQL (BENCH_POSTGRES_URL, default
 * the local server; a database of its own, dropped afterwards): search plus a date filter, page 1 and
 * the last page, p95 over HTTP through the whole app, and the same two statements sent bare through `pg`.
 */
import { insertUser } from '../../apps/server/test/delivery-fixtures';
import { withPostgresApp } from './postgres-app';
import { p95 } from './timing';
import { sized } from './options';
import { queryRoutes, routeUrl } from '@pw/contracts';

const ROWS = sized(100_000, 1_000);
const SEARCH = 'refund';
const FROM = '2026-01-01';
const TO = '2026-06-30';

/** 100,000 messages over 2025–2026, one subject in twenty about a refund, a third from users. */
const SEED = `
  insert into queries (name, email, subject, message, user_type, created_at)
  select 'Person ' || i, 'person' || i || '@example.test',
         (array['Refund request','Pricing','My video','Partnership','Login help','Delivery date','Account',
                'Funeral home','Upload failed','Thanks','Question','Feedback','Schedule','Access code',
                'Privacy','Billing','Support','Recording','Photo','Other'])[1 + i % 20] || ' #' || i,
         'Message ' || i, (array['guest','user','funeral-home'])[1 + i % 3],
         timestamptz '2025-01-01' + (i * interval '6 minutes') + (i % 7) * interval '1 second'
  from generate_series(1, ${ROWS}) as i`;

/** What paginate() sends for this list: the page and the count, side by side. */
const WHERE = `where (name ilike $1 or email ilike $1 or subject ilike $1)
  and created_at >= ($2::date)::timestamp at time zone 'UTC'
  and created_at < ($3::date + 1)::timestamp at time zone 'UTC'`;
const PAGE_SQL = `select id, name, email, subject, user_type, created_at from queries ${WHERE}
  order by created_at desc, id desc limit $4 offset $5`;
const COUNT_SQL = `select count(*)::int as total from queries ${WHERE}`;

export async function run(): Promise<Record<string, string | number>> {
  return withPostgresApp('queries', async ({ address, deps, database, bare }) => {
    await database.executeSql(SEED);
    await database.executeSql('analyze queries');
    const adminId = await insertUser(deps.db, {
      type: 'admin',
      firstName: 'Bench',
      email: 'admin@queries.bench',
    });
    const token = await deps.sessions.create(adminId, false);
    const headers = { authorization: `Bearer ${token}` };
    const list = async (page: number) => {
      const query = `search=${SEARCH}&from_date=${FROM}&to_date=${TO}&per_page=10&page=${page}`;
      const response = await fetch(`${address}${routeUrl(queryRoutes.list)}?${query}`, { headers });
      if (!response.ok) throw new Error(`list failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as { meta: { total: number; last_page: number } };
    };
    const first = await list(1);
    const lastPage = first.meta.last_page;
    const bareList = (page: number) => {
      const params = [`%${SEARCH}%`, FROM, TO, 10, (page - 1) * 10];
      return Promise.all([bare.query(PAGE_SQL, params), bare.query(COUNT_SQL, params.slice(0, 3))]);
    };
    const appFirst = await p95(() => list(1));
    const appLast = await p95(() => list(lastPage));
    const bareFirst = await p95(() => bareList(1));
    const bareLast = await p95(() => bareList(lastPage));
    return {
      'queries rows': ROWS,
      'matching rows (search + date range)': first.meta.total,
      'last page': lastPage,
      'p95 app page 1 (ms)': appFirst.toFixed(1),
      'p95 app last page (ms)': appLast.toFixed(1),
      'p95 bare pg page 1 (ms)': bareFirst.toFixed(1),
      'p95 bare pg last page (ms)': bareLast.toFixed(1),
      'ratio app/bare page 1': (appFirst / bareFirst).toFixed(2),
      'ratio app/bare last page': (appLast / bareLast).toFixed(2),
    };
  });
}
