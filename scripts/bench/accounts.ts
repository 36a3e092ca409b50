import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { loadConfig } from '../../apps/server/src/platform/config';
import { compose } from '../../apps/server/src/composition';
import { buildApp } from '../../apps/server/src/app';
import { sized } from './options';

const LOGINS = sized(100, 3);
const WARM_UP = sized(5, 1);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Login latency over real HTTP: the app in-process on an ephemeral loopback port, embedded PGlite in a
 * temporary DATA_DIR, one account, ~100 sequential logins with fetch. Each login is dominated by one
 * argon2id verification (19 MiB, t=2) plus a session insert, three rate-limit upserts and, the login
 * being a success, one delete and two give-backs (docs/decisions/0096).
 */
export async function run(): Promise<Record<string, string | number>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-bench-accounts-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
  const composition = await compose(config, pino({ level: 'silent' }));
  const deps = composition.deps;
  const app = await buildApp(composition);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}/api`;
    const email = 'bench@example.test';
    const password = 'bench-password-123';

    const signup = await fetch(`${base}/web/user/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Bench',
        last_name: 'Mark',
        email,
        phone: '5550100',
        address: '1 Loop Road',
        password,
        password_confirmation: password,
        date_of_birth: '1970-01-01',
      }),
    });
    if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);

    const timings: number[] = [];
    for (let i = 0; i < WARM_UP + LOGINS; i += 1) {
      const started = performance.now();
      const response = await fetch(`${base}/web/user/login`, {
        method: 'POST',
        // All from one address, TRUST_PROXY unset: only failed logins count against the limits
        // (docs/decisions/0096), so a hundred successful ones meet none.
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, remember: i % 2 === 0 }),
      });
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`login ${i} failed: ${response.status}`);
      if (i >= WARM_UP) timings.push(elapsed);
    }
    timings.sort((a, b) => a - b);
    const mean = timings.reduce((sum, t) => sum + t, 0) / timings.length;
    return {
      database: 'PGlite (embedded)',
      logins: timings.length,
      'login p50 (ms)': percentile(timings, 50).toFixed(1),
      'login p95 (ms)': percentile(timings, 95).toFixed(1),
      'login mean (ms)': mean.toFixed(1),
      'login max (ms)': timings.at(-1)!.toFixed(1),
    };
  } finally {
    await app.close();
    await deps.queue.stop({ graceful: false, wait: true });
    deps.mailer.close();
    await deps.database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
