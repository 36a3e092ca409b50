/**
 * The whole app in this process on a PostgreSQL database of its own (BENCH_POSTGRES_URL, default the
 * local server; created here and dropped by `close`), with a bare `pg` pool beside it for seeding and
 * for the statements measured without the app.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../../apps/server/src/platform/config';
import { compose } from '../../apps/server/src/composition';
import { buildApp } from '../../apps/server/src/app';
import { createTestDatabase } from '../../apps/server/test/helpers';

export async function startBenchApp(area: string) {
  const baseUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `pw-bench-${area}-`));
  const { database, drop } = await createTestDatabase(baseUrl);
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: 'bench-app-secret-of-32-bytes-or-more',
    LOG_LEVEL: 'silent',
    ROLE: 'api',
  });
  const composition = await compose(config, pino({ level: 'silent' }), { database });
  const deps = composition.deps;
  const app = await buildApp(composition);
  const bare = new pg.Pool({ connectionString: database.url, max: 4 });
  return {
    app,
    deps,
    database,
    bare,
    /** Listens on a free local port and answers its address. */
    listen: () => app.listen({ port: 0, host: '127.0.0.1' }),
    async close() {
      await bare.end();
      await app.close();
      await deps.queue.stop({ graceful: false, wait: true });
      deps.mailer.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
