/**
 * The cost of the request pipeline (docs/operations.md §Request pipeline): the admin's notifications page,
 * `GET /api/notification?per_page=10&page=1`, answered by the real app (pipeline-target.ts, as main.ts
 * builds it, logging at `info`) and by a bare Fastify route doing the same work with `pg`, on a fresh
 * PostgreSQL database of its own (PIPELINE_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres
 * is only used to create and drop it). Each server runs in its own process; autocannon drives one at a
 * time with 20 connections over loopback, rotating app / bare / bare with named statements for a few
 * rounds so that other load on the machine falls on all alike. Reports each side's req/s and the ratios.
 *
 * PIPELINE_SECONDS (per round, default 5), PIPELINE_ROUNDS (default 3). PIPELINE_PROFILE=<dir> writes
 * a V8 CPU profile of each server's process under it (app/, bare/) (node --cpu-prof) for the profile in
 * docs/operations.md §Request pipeline.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import { createTestDatabase } from '../../apps/server/test/helpers';
import { insertUser } from '../../apps/server/test/delivery-fixtures';
import { createSessionStore } from '../../apps/server/src/modules/accounts';
import { notifications } from '../../apps/server/src/modules/notifications/notifications.schema';
import { systemClock } from '../../apps/server/src/platform/clock';
import { refuseFailedLoad } from './load-failures';
import { sized } from './options';
import { notificationRoutes, routeUrl } from '@pw/contracts';

const CONNECTIONS = 20;
const NOTIFICATIONS = 60;
const PATH = routeUrl(notificationRoutes.list, {}, { per_page: 10, page: 1 });
const seconds = Number(process.env.PIPELINE_SECONDS ?? sized(5, 1));
const rounds = Number(process.env.PIPELINE_ROUNDS ?? sized(3, 1));

type Target = 'app' | 'bare' | 'bare-prepared';
const TARGETS: Target[] = ['app', 'bare', 'bare-prepared'];

async function startTarget(target: Target, databaseUrl: string) {
  const profileDir = process.env.PIPELINE_PROFILE;
  const child: ChildProcess = fork(fileURLToPath(new URL('./pipeline-target.ts', import.meta.url)), [], {
    execArgv: [
      '--import',
      'tsx',
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}/${target}`] : []),
    ],
    env: { ...process.env, PIPELINE_TARGET: target, DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
    // The app's log lines go where production sends stdout; here nowhere (they are still written).
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench: ${target} server exited with ${code}`)));
    child.on('message', (m: { type: string; port?: number }) => {
      if (m.type === 'listening') resolve(m.port!);
    });
  });
  child.removeAllListeners('exit');
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'stop' });
      }),
  };
}

async function load(target: Target, url: string, token: string, duration: number) {
  const result = await autocannon({
    url: `${url}${PATH}`,
    connections: CONNECTIONS,
    duration,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  refuseFailedLoad(result, `the ${target} server (${url})`);
  return { requests: result.requests.total, seconds: duration, p50: result.latency.p50 };
}

/** Both servers must give the same page (apart from "N seconds ago"): the same work is compared. */
async function sameAnswer(appUrl: string, bareUrl: string, token: string) {
  const read = async (url: string) => {
    const response = await fetch(`${url}${PATH}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`bench: ${url} answered ${response.status}`);
    const body = (await response.json()) as { data: Array<{ created_at_human?: string }> };
    for (const item of body.data) delete item.created_at_human;
    return body;
  };
  const [app, bare] = await Promise.all([read(appUrl), read(bareUrl)]);
  if (!isDeepStrictEqual(app, bare)) {
    throw new Error(`bench: the answers differ\napp:  ${JSON.stringify(app)}\nbare: ${JSON.stringify(bare)}`);
  }
}

export async function run(): Promise<Record<string, string | number>> {
  const baseUrl = process.env.PIPELINE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { database, drop } = await createTestDatabase(baseUrl);
  const stops: Array<() => Promise<void>> = [];
  try {
    const adminId = await insertUser(database.db, { type: 'admin', email: 'admin@pw.bench' });
    const now = Date.now();
    await database.db.insert(notifications).values(
      Array.from({ length: NOTIFICATIONS }, (_, i) => ({
        userId: adminId,
        kind: 'signup.new',
        title: 'New sign-up',
        body: `Person ${i} signed up.`,
        data: { user_id: 1000 + i },
        createdAt: new Date(now - i * 3_600_000),
      })),
    );
    const token = await createSessionStore(database.db, systemClock).create(adminId, true);
    const databaseUrl = database.url!;

    const urls = {} as Record<Target, string>;
    for (const target of TARGETS) {
      const started = await startTarget(target, databaseUrl);
      stops.push(started.stop);
      urls[target] = started.url;
    }
    await sameAnswer(urls.app, urls.bare, token);
    await sameAnswer(urls.app, urls['bare-prepared'], token);

    // Warm-up: JIT, pools filled, caches of every side.
    for (const target of TARGETS) await load(target, urls[target], token, 2);
    const totals = Object.fromEntries(TARGETS.map((t) => [t, { requests: 0, seconds: 0 }])) as Record<
      Target,
      { requests: number; seconds: number }
    >;
    const ratios: number[] = [];
    const p50 = Object.fromEntries(TARGETS.map((t) => [t, [] as number[]])) as Record<Target, number[]>;
    for (let round = 0; round < rounds; round += 1) {
      // Rotate which side goes first so a drift in the machine's load favours none.
      const order = TARGETS.map((_, i) => TARGETS[(i + round) % TARGETS.length]!);
      const rates = {} as Record<Target, number>;
      for (const target of order) {
        const result = await load(target, urls[target], token, seconds);
        totals[target].requests += result.requests;
        totals[target].seconds += result.seconds;
        rates[target] = result.requests / result.seconds;
        p50[target].push(result.p50);
      }
      ratios.push(rates.app / rates.bare);
    }
    const rate = (t: Target) => totals[t].requests / totals[t].seconds;
    ratios.sort((a, b) => a - b);
    return {
      database: 'PostgreSQL (127.0.0.1)',
      request: `GET ${PATH} as an admin with ${NOTIFICATIONS} notifications`,
      load: `${CONNECTIONS} connections, ${rounds} rounds of ${seconds} s per side, rotating`,
      'app req/s': rate('app').toFixed(0),
      'bare route req/s': rate('bare').toFixed(0),
      'bare route, named statements, req/s': rate('bare-prepared').toFixed(0),
      'ratio app/bare (all rounds)': (rate('app') / rate('bare')).toFixed(2),
      'ratio per round (min..max)': `${ratios[0]!.toFixed(2)}..${ratios.at(-1)!.toFixed(2)}`,
      'ratio app/bare with named statements': (rate('app') / rate('bare-prepared')).toFixed(2),
      'p50 latency per round (ms)': TARGETS.map((t) => `${t} ${p50[t].join('/')}`).join(', '),
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
    await drop();
  }
}
