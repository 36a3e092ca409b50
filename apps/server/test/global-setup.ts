/**
 * Migrates once per run instead of once per test file (a migrated database with pg-boss's queues is most
 * of a test app's start-up, ~3 s of its ~4): the app is composed once on an empty database, which runs
 * the migrations and creates pg-boss's schema and every queue; the embedded pass dumps that PGlite to a
 * file each worker loads (and puts a PGlite back as that copy between its files:
 * test/embedded-test-database.ts), the PostgreSQL pass (DATABASE_URL) keeps it as the template each
 * file's database is created from (`CREATE DATABASE … TEMPLATE`). Each file still starts on a database
 * holding exactly the copy, and its own start still runs the migrations and the queue creation (finding
 * nothing to do), so a migration or queue the copy lacks would still be applied and tested.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { compose } from '../src/composition';
import { loadConfig } from '../src/platform/config';
import { openDatabase, type Database } from '../src/platform/db';
import { createLocalStorage } from '../src/platform/storage/local-storage';
import { createDatabaseBeside } from './database-beside';
import { PGLITE_SNAPSHOT_ENV, TEMPLATE_DATABASE_ENV } from './database-template';
import { bundleParentDir, bundleServer, SERVER_BUNDLE_ENV } from './server-bundle';

/** Rows a start may write that belong to one installation, not to the schema (none, today). */
const SCHEMA_ONLY = new Set(['drizzle', 'pgboss']);

/** Composes the app once on `database` (a throw-away DATA_DIR; a plain storage, so no key is recorded). */
async function prepare(database: Database): Promise<void> {
  const seeded = await rowCounts(database);
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'pw-prepare-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_SECRET: 'test-app-secret-of-32-bytes-or-more',
  });
  const storage = createLocalStorage(path.join(dataDir, 'media'));
  const composition = await compose(config, pino({ level: 'silent' }), { database, storage });
  await composition.deps.queue.stop({ graceful: false, wait: true });
  composition.deps.mailer.close();
  await fsp.rm(dataDir, { recursive: true, force: true });
  // The copy must be what the migrations leave: a row a start wrote would be in every test's database.
  const written = [...(await rowCounts(database))].filter(
    ([table, count]) => !SCHEMA_ONLY.has(table.split('.')[0]!) && count !== (seeded.get(table) ?? 0),
  );
  if (written.length > 0)
    throw new Error(`The app's start wrote rows a test database must not start with: ${written.join(', ')}`);
}

async function rowCounts(database: Database): Promise<Map<string, number>> {
  const { rows } = await database.executeSql(
    `select table_schema || '.' || table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const counts = new Map<string, number>();
  for (const { name } of rows as Array<{ name: string }>) {
    const [schema, table] = name.split('.');
    const result = await database.executeSql(`select count(*)::int as n from "${schema}"."${table}"`);
    counts.set(name, Number(result.rows[0]!.n));
  }
  return counts;
}

export default async function setup(): Promise<() => Promise<void>> {
  const removeBundle = await prepareServerBundle();
  const removeDatabase = await prepareDatabase();
  return async () => {
    await removeDatabase();
    await removeBundle();
  };
}

/** The server's bundle the process tests start (test/server-bundle.ts), built once per run. */
async function prepareServerBundle(): Promise<() => Promise<void>> {
  await fsp.mkdir(bundleParentDir, { recursive: true });
  const folder = await fsp.mkdtemp(path.join(bundleParentDir, 'run-'));
  process.env[SERVER_BUNDLE_ENV] = await bundleServer(folder);
  return () => fsp.rm(folder, { recursive: true, force: true });
}

async function prepareDatabase(): Promise<() => Promise<void>> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const template = await createDatabaseBeside(baseUrl);
    const database = await openDatabase({ url: template.url });
    await prepare(database);
    await database.close();
    process.env[TEMPLATE_DATABASE_ENV] = new URL(template.url).pathname.slice(1);
    return () => template.drop();
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await prepare(database);
  await dropUnusedDatabases(database);
  const snapshot = await database.snapshot!();
  await database.close();
  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), 'pw-migrated-'));
  const file = path.join(folder, 'pglite.tar');
  await fsp.writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  process.env[PGLITE_SNAPSHOT_ENV] = file;
  return () => fsp.rm(folder, { recursive: true, force: true });
}

/**
 * PGlite keeps the app's tables in `template1`; its `postgres` and `template0` databases are never opened,
 * yet they are 600 of the copy's 1,540 files, and each test file's start writes every file of the copy
 * into PGlite's in-memory file system one by one. Without them a start spends about a third less CPU.
 */
async function dropUnusedDatabases(database: Database): Promise<void> {
  const { rows } = await database.executeSql('select current_database() as name');
  if (rows[0]!.name !== 'template1') throw new Error(`PGlite opened ${String(rows[0]!.name)}, not template1`);
  await database.executeSql(`update pg_database set datistemplate = false where datname = 'template0'`);
  await database.executeSql('drop database template0');
  await database.executeSql('drop database postgres');
  await database.executeSql('checkpoint');
}
