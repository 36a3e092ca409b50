/**
 * `npm run bench -- cluster`: the authenticated list call (a user's drafts) through HAProxy on two API
 * processes against one API process direct, on a PostgreSQL database of its own. autocannon, 20
 * connections over loopback, alternating the two targets for a few rounds so other load on the machine
 * falls on both alike. CLUSTER_BENCH_SECONDS (per round, default 5), CLUSTER_BENCH_ROUNDS (default 3).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { routePath, videoRoutes } from '@pw/contracts';
import { createTestDatabase } from '../../apps/server/test/helpers';
import { insertUser } from '../../apps/server/test/delivery-fixtures';
import { freePort } from '../../apps/server/test/server-process';
import { createSessionStore } from '../../apps/server/src/modules/accounts';
import { systemClock } from '../../apps/server/src/platform/clock';
import { startBalancer, startServer, stopAll, waitHealthy } from '../cluster/processes';
import { measureCpu, type CpuSample } from './cpu';
import { refuseFailedLoad } from './load-failures';

const seconds = Number(process.env.CLUSTER_BENCH_SECONDS ?? 5);
const rounds = Number(process.env.CLUSTER_BENCH_ROUNDS ?? 3);
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function load(url: string, token: string) {
  const result = await autocannon({
    url: `${url}/api${routePath(videoRoutes.listDraft)}`,
    connections: 20,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  refuseFailedLoad(result, `the balancer (${url})`);
  return { requests: result.requests.total, p50: result.latency.p50 };
}

export async function run() {
  const { database, drop } = await createTestDatabase(baseUrl);
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-bench-cluster-'));
  try {
    const userId = await insertUser(database.db, {
      firstName: 'Bench',
      lastName: 'User',
      email: 'bench@cluster.test',
    });
    const token = await createSessionStore(database.db, systemClock).create(userId, false);
    const ports = [await freePort(), await freePort()];
    const secret = randomBytes(32).toString('hex');
    const apis = ports.map((port, i) =>
      startServer(`api${i + 1}`, {
        ...process.env,
        ROLE: 'api',
        DATABASE_URL: database.url!,
        DATA_DIR: path.join(root, `api${i + 1}`),
        PORT: String(port),
        HOST: '127.0.0.1',
        // The balancer on loopback passes each client's address on (option forwardfor).
        TRUST_PROXY: '127.0.0.1',
        APP_SECRET: secret,
        // One media key for every process (an API or worker process refuses to start without it).
        MEDIA_KEY: Buffer.alloc(32, 7).toString('base64'),
        LOG_LEVEL: 'warn',
      }),
    );
    await Promise.all(apis.map((api, i) => waitHealthy(`http://127.0.0.1:${ports[i]}`, api, 120_000)));
    const lbPort = await freePort();
    const balancer = await startBalancer(
      root,
      lbPort,
      ports.map((port, i) => ({ name: `api${i + 1}`, port })),
      randomBytes(16).toString('hex'),
    );
    const lb = `http://127.0.0.1:${lbPort}`;
    await waitHealthy(lb, balancer);
    const totals = {
      lb: { requests: 0, p50: [] as number[], cpu: [] as CpuSample[] },
      direct: { requests: 0, p50: [] as number[], cpu: [] as CpuSample[] },
    };
    const pids = {
      api: apis[0]!.child.pid!,
      api2: apis[1]!.child.pid!,
      haproxy: balancer.child.pid!,
      load: process.pid,
    };
    for (let round = 0; round < rounds; round += 1) {
      for (const [name, url] of [
        ['lb', lb],
        ['direct', `http://127.0.0.1:${ports[0]}`],
      ] as const) {
        const cpu = measureCpu(pids);
        const result = await load(url, token);
        totals[name].cpu.push(cpu());
        totals[name].requests += result.requests;
        totals[name].p50.push(result.p50);
      }
    }
    const rate = (name: 'lb' | 'direct') => totals[name].requests / (rounds * seconds);
    /** Where the CPU went: busy share of the machine, and CPU milliseconds per request by part. */
    const spent = (name: 'lb' | 'direct') => {
      const samples = totals[name].cpu;
      const sum = (part: keyof typeof pids) =>
        samples.reduce((all, sample) => all + sample.seconds[part]!, 0);
      const machine = samples.reduce((all, sample) => all + sample.busy * sample.cores * seconds, 0);
      const perRequest = (cpuSeconds: number) => ((cpuSeconds * 1000) / totals[name].requests).toFixed(2);
      const apiSeconds = sum('api') + sum('api2');
      const rest = machine - apiSeconds - sum('haproxy') - sum('load');
      const busy = samples.reduce((all, sample) => all + sample.busy, 0) / samples.length;
      return (
        `machine ${(busy * 100).toFixed(0)} % busy of ${samples[0]!.cores} cores; per request: API ` +
        `${perRequest(apiSeconds)}, HAProxy ${perRequest(sum('haproxy'))}, load generator ` +
        `${perRequest(sum('load'))}, the rest (PostgreSQL, kernel) ${perRequest(Math.max(0, rest))}`
      );
    };
    return {
      'CPU ms, HAProxy rounds': spent('lb'),
      'CPU ms, direct rounds': spent('direct'),
      'list call, HAProxy over two API processes (req/s)': rate('lb').toFixed(0),
      'list call, one API process direct (req/s)': rate('direct').toFixed(0),
      'ratio (two behind HAProxy / one direct)': (rate('lb') / rate('direct')).toFixed(2),
      'p50 latency HAProxy / direct (ms)': `${Math.max(...totals.lb.p50)} / ${Math.max(...totals.direct.p50)}`,
    };
  } finally {
    await stopAll();
    await drop();
    await fs.rm(root, { recursive: true, force: true });
  }
}
