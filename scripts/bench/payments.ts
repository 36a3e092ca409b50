/**
 * The payment figures (decision 0235), on PostgreSQL (BENCH_POSTGRES_URL, default the local server; a
 * database of its own, dropped afterwards), through the whole app over HTTP:
 * - a plan payment's p95 when idle (one at a time, each by its own account: one account buying the
 *   same plan again within seconds is a double click, decision 0160);
 * - 50 accounts paying at once, each request sent twice at the same instant (a double click): every
 *   account charged once, one subscription each;
 * - the admin's payment log with 1,000,000 payments and a one-month date filter, page 1 and the last
 *   page, p95, beside the same two statements sent bare through `pg`.
 */
import { insertUser } from '../../apps/server/test/delivery-fixtures';
import { withPostgresApp } from './postgres-app';
import { percentile, p95 } from './timing';
import { PAYMENT_LOG_SQL, PURCHASE_LOG_SQL, seedPayments } from './payments-seed';
import { sized } from './options';
import { paymentRoutes, routeUrl } from '@pw/contracts';

const PAYMENTS = sized(1_000_000, 2_000);
const IDLE_PAYMENTS = sized(100, 3);
const PARALLEL = sized(50, 5);
const FROM = '2026-03-01';
const TO = '2026-03-31';
const CARD = {
  card_holder_name: 'Bench Payer',
  card_no: '4242424242424242',
  expiry_date: '12/30',
  cvv: '123',
};

export async function run(): Promise<Record<string, string | number>> {
  return withPostgresApp('payments', async ({ address, deps, bare }) => {
    const plans = await bare.query<{ id: number }>(
      `select id from plans where kind = 'membership' and status = 1 order by price_cents limit 1`,
    );
    const planId = plans.rows[0]!.id;
    const newPayer = async (n: string) => {
      const id = await insertUser(deps.db, { email: `payer-${n}@payments.bench` });
      return { id, token: await deps.sessions.create(id, false) };
    };
    const pay = async (token: string, key: string) => {
      const response = await fetch(`${address}${routeUrl(paymentRoutes.userPlanPayment, { id: planId })}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify(CARD),
      });
      const body = (await response.json()) as { data?: { id: number } };
      if (!response.ok) throw new Error(`payment failed: ${response.status} ${JSON.stringify(body)}`);
      return body.data!.id;
    };

    // Idle: one payment at a time.
    const idle: number[] = [];
    for (let i = 0; i < IDLE_PAYMENTS + 5; i++) {
      const payer = await newPayer(`idle-${i}`);
      const started = performance.now();
      await pay(payer.token, `idle-${i}`);
      if (i >= 5) idle.push(performance.now() - started);
    }
    idle.sort((a, b) => a - b);

    // 50 accounts at once, each request twice at the same instant.
    const payers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => newPayer(`parallel-${i}`)));
    const started = performance.now();
    const answers = await Promise.allSettled(
      payers.flatMap((payer, i) => [pay(payer.token, `parallel-${i}`), pay(payer.token, `parallel-${i}`)]),
    );
    const parallelMs = performance.now() - started;
    const succeeded = answers.filter((answer) => answer.status === 'fulfilled').length;
    const ids = payers.map((payer) => payer.id);
    const charged = await bare.query<{ payments: number; subscriptions: number; accounts: number }>(
      `select (select count(*)::int from payments where account_id = any($1)) as payments,
              (select count(*)::int from subscriptions where account_id = any($1)) as subscriptions,
              (select count(distinct account_id)::int from payments where account_id = any($1)) as accounts`,
      [ids],
    );

    // The admin's payment log over 1,000,000 payments.
    const seedStarted = performance.now();
    await seedPayments(bare, PAYMENTS);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const adminId = await insertUser(deps.db, { type: 'admin', email: 'admin@payments.bench' });
    const adminHeaders = { authorization: `Bearer ${await deps.sessions.create(adminId, false)}` };
    const measure = async (path: string, statements: { page: string; count: string }) => {
      const list = async (page: number) => {
        const query = `from_date=${FROM}&to_date=${TO}&per_page=10&page=${page}`;
        const response = await fetch(`${address}/api${path}?${query}`, { headers: adminHeaders });
        if (!response.ok) throw new Error(`log failed: ${response.status} ${await response.text()}`);
        return (await response.json()) as { meta: { total: number; last_page: number } };
      };
      const bareList = (page: number) => {
        const params = [FROM, TO, 10, (page - 1) * 10];
        return Promise.all([
          bare.query(statements.page, params),
          bare.query(statements.count, params.slice(0, 2)),
        ]);
      };
      const { meta } = await list(1);
      const figures = {
        rows: meta.total,
        lastPage: meta.last_page,
        appFirst: await p95(() => list(1)),
        appLast: await p95(() => list(meta.last_page)),
        bareFirst: await p95(() => bareList(1)),
        bareLast: await p95(() => bareList(meta.last_page)),
      };
      return {
        [`${path}: rows in date range`]: figures.rows,
        [`${path}: p95 app page 1 / last page ${figures.lastPage} (ms)`]: `${figures.appFirst.toFixed(1)} / ${figures.appLast.toFixed(1)}`,
        [`${path}: p95 bare pg page 1 / last page (ms)`]: `${figures.bareFirst.toFixed(1)} / ${figures.bareLast.toFixed(1)}`,
        [`${path}: ratio app/bare page 1 / last page`]: `${(figures.appFirst / figures.bareFirst).toFixed(2)} / ${(figures.appLast / figures.bareLast).toFixed(2)}`,
      };
    };
    // The cost of any admin call here (HTTP in this process, the session check, JSON): a call that
    // reads no table, so what the lists add above it is their SQL.
    const fixedCost = await p95(async () => {
      const response = await fetch(`${address}${routeUrl(paymentRoutes.adminCategories)}`, {
        headers: adminHeaders,
      });
      if (!response.ok) throw new Error(`categories failed: ${response.status}`);
      await response.json();
    });
    const paymentLog = await measure('/admin/payment', PAYMENT_LOG_SQL);
    const purchaseLog = await measure('/admin/subscription/time-block/logs', PURCHASE_LOG_SQL);
    return {
      database: 'PostgreSQL',
      'idle payments': idle.length,
      'payment p50 idle (ms)': percentile(idle, 50).toFixed(1),
      'payment p95 idle (ms)': percentile(idle, 95).toFixed(1),
      'parallel accounts (each request sent twice)': PARALLEL,
      'parallel answers ok': `${succeeded} of ${answers.length}`,
      'parallel payments stored': charged.rows[0]!.payments,
      'parallel subscriptions stored': charged.rows[0]!.subscriptions,
      'parallel accounts charged': charged.rows[0]!.accounts,
      'parallel wall time (ms)': parallelMs.toFixed(0),
      'payments seeded': PAYMENTS,
      'seed time (s)': seedSeconds.toFixed(1),
      'p95 admin call reading no table (ms)': fixedCost.toFixed(1),
      ...paymentLog,
      ...purchaseLog,
    };
  });
}
