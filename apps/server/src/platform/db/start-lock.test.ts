/**
 * Processes started together on an empty PostgreSQL database (two API processes and two workers, as
 * a deployment brings them up) all come up: the migrations and pg-boss's queue creation run one
 * process at a time (start-lock.ts). Real `main.ts` processes: the race is between processes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../../test/server-process';
import { API_HEALTH_PATH } from '@pw/contracts';
import { serverEntry } from '../../../test/server-bundle';

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = 3;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

interface Started {
  child: ChildProcess;
  output: string[];
  ready: Promise<void>;
}

/** One `main.ts` process; ready when its start log says it serves (api) or runs its workers. */
function start(role: 'api' | 'worker', url: string, dataDir: string, port: number): Started {
  const child = spawn(process.execPath, serverEntry(), {
    cwd: serverDir,
    env: {
      ...process.env,
      ROLE: role,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_SECRET: 'start-race-test-secret-of-32-bytes-or-more',
      // API and worker processes share one media key, as they must (each refuses to start without one).
      MEDIA_KEY: Buffer.alloc(32, 7).toString('base64'),
      ADMIN_EMAIL: 'admin@race.test',
      ADMIN_PASSWORD: 'Admin-pass-123',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    const look = (chunk: Buffer) => {
      output.push(String(chunk));
      const text = output.join('');
      if (role === 'api' ? text.includes('Parting Words is running') : text.includes('"workers: ')) resolve();
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.once('exit', (code) => reject(new Error(`${role} exited (${code}): ${output.join('')}`)));
  });
  return { child, output, ready };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const databases: string[] = [];
afterAll(async () => {
  await admin(async (client) => {
    for (const name of databases) await client.query(`drop database if exists ${name} with (force)`);
  });
});

describe('processes starting together on an empty database', () => {
  it(`all four come up, ${ROUNDS} times, and the schema is migrated once`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const name = `pw_start_race_${process.pid}_${round}`;
      databases.push(name);
      await admin((client) => client.query(`create database ${name}`));
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      const roles = ['api', 'api', 'worker', 'worker'] as const;
      const dirs = await Promise.all(roles.map(() => fs.mkdtemp(path.join(os.tmpdir(), 'pw-race-'))));
      const ports = await Promise.all(roles.map(() => freePort()));
      const processes = roles.map((role, i) => start(role, url.toString(), dirs[i]!, ports[i]!));
      try {
        await Promise.all(processes.map((p) => p.ready));
        const health = await fetch(`http://127.0.0.1:${ports[0]}${API_HEALTH_PATH}`);
        expect(health.status).toBe(200);
        const checked = new pg.Client({ connectionString: url.toString() });
        await checked.connect();
        try {
          const applied = await checked.query(
            'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash having count(*) > 1',
          );
          expect(applied.rows).toEqual([]);
          const admins = await checked.query(`select count(*)::int as n from users where type = 'admin'`);
          expect(admins.rows[0].n).toBe(1);
        } finally {
          await checked.end();
        }
      } finally {
        await Promise.all(processes.map((p) => stop(p.child)));
        await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
      }
    }
  }, 240_000);
});
