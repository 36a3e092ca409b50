import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../../apps/server/src/platform/config';
import { compose, type CompositionView } from '../../apps/server/src/composition';
import { buildApp } from '../../apps/server/src/app';
import { createTestDatabase } from '../../apps/server/test/helpers';
import type { Database } from '../../apps/server/src/platform/db';

export interface PostgresBench {
  /** The app's HTTP address (an ephemeral port on 127.0.0.1). */
  address: string;
  deps: CompositionView;
  database: Database;
  /** A plain `pg` pool on the same database: seeding and bare statements. */
  bare: pg.Pool;
}

/**
 * Runs `work` against the whole app over HTTP on a PostgreSQL database of its own (BENCH_POSTGRES_URL,
 * default the local server), created with the migrations and dropped afterwards, whatever happens.
 */
export async function withPostgresApp<T>(
  name: string,
  work: (bench: PostgresBench) => Promise<T>,
): Promise<T> {
  const baseUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `pw-bench-${name}-`));
  const { database, drop } = await createTestDatabase(baseUrl);
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: 'bench-app-secret-of-32-bytes-or-more',
    // One media key for every process (an API or worker process refuses to start without it).
    MEDIA_KEY: Buffer.alloc(32, 7).toString('base64'),
    LOG_LEVEL: 'silent',
    ROLE: 'api',
  });
  const composition = await compose(config, pino({ level: 'silent' }), { database });
  const deps = composition.deps;
  const app = await buildApp(composition);
  const bare = new pg.Pool({ connectionString: database.url, max: 4 });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return await work({ address, deps, database, bare });
  } finally {
    await bare.end();
    await app.close();
    await deps.queue.stop({ graceful: false, wait: true });
    deps.mailer.close();
    await drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
