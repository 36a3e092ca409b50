import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { startLocks, withAdvisoryLock } from './start-lock';
import { holdsDataFolder, lockDataFolder } from '../owner/data-lock';
import { listenOnPglite, listenOnPostgres, type Listen } from './listen';

export type { Listen, Unlisten } from './listen';

/** Schema-free on purpose: each module owns its tables (`modules/<m>/<m>.schema.ts`) and queries them
 * with the query builder, so this type does not depend on every module (decision 0310). */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handed to `db.transaction(async (tx) => …)`; services accept it to join one. */
export type DbTx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction. */
export type DbOrTx = Db | DbTx;

/** Raw SQL for the few places that need it (pg-boss's `db` option, health checks). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  executeSql: ExecuteSql;
  /**
   * For counters only (banner views and clicks): its commits do not wait for the disk
   * (`synchronous_commit = off`, decision 0259). A database crash may forget the last fraction of a
   * second of counts; it never corrupts them, and what is written is seen by every other connection at
   * once. Nothing that matters beyond a statistic goes through it. PGlite: the same connection as `db`.
   */
  counters: Db;
  /** The connection string, when PostgreSQL (pg-boss then opens its own pool). */
  url?: string;
  /**
   * Runs a once-for-everyone start step (pg-boss's schema, the queues) while no other process runs it:
   * an advisory lock on PostgreSQL; PGlite has one process only.
   */
  exclusively<T>(step: keyof typeof startLocks, work: () => Promise<T>): Promise<T>;
  /** LISTEN on a channel (listen.ts): PGlite's own connection, or one of its own on PostgreSQL. */
  listen: Listen;
  /**
   * PGlite only: its data folder as an uncompressed tar, taken while no statement or transaction runs
   * (the writes wait for it), so it is what a crash at that instant would leave: a consistent copy.
   */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../../migrations', import.meta.url));

/**
 * Opens an embedded database folder (DATA_DIR/db) for this process alone (decision 0380): under the
 * data folder's lock, taken here for as long as the database is open unless this process holds it
 * already (the server and the operator commands take it first, to answer a second process). Another
 * process holding it is refused before anything is read. `loadDataDir` fills an empty folder (restore).
 */
export async function openPglite(
  dataDir: string,
  options: { loadDataDir?: Blob } = {},
): Promise<{ client: PGlite; release: () => Promise<void> }> {
  const create = () =>
    // pg_trgm (substring search indexes) is a contrib extension PGlite ships but loads only on request.
    PGlite.create(dataDir, {
      extensions: { pg_trgm },
      ...(options.loadDataDir && { loadDataDir: options.loadDataDir }),
    });
  if (dataDir.startsWith('memory://')) return { client: await create(), release: async () => {} };
  const folder = path.dirname(dataDir);
  const lock = holdsDataFolder(folder)
    ? null
    : await lockDataFolder(folder, { role: `a process (${process.argv[1] ?? 'node'})` });
  try {
    return { client: await create(), release: async () => lock?.release() };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

/** Copies the folder of a live PGlite while no statement runs: inside both of its mutexes. */
function snapshotOf(client: PGlite): Promise<Blob> {
  return client._runExclusiveTransaction(() => client.runExclusive(() => client.dumpDataDir('none')));
}

/**
 * PGlite (embedded Postgres) in DATA_DIR/db by default, PostgreSQL when DATABASE_URL is set.
 * `dataDir: 'memory://'` gives a throw-away database (tests). `migrate: false` opens a database as it
 * is (a backup copies what is there).
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  migrate?: boolean;
  /** PGlite only: start from this data folder (a `snapshot()`), e.g. a migrated copy in tests. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePg(pool) as unknown as Db;
    await withAdvisoryLock(options.url, startLocks.migrations, () =>
      migratePg(drizzlePg(pool), { migrationsFolder }),
    );
    // Every counted banner view is a commit: waiting for its WAL flush cost a view 2–3 ms on average and
    // up to a quarter of a second at the tail, measured with pgbench on these machines (decision 0259).
    const countersPool = new pg.Pool({
      connectionString: options.url,
      max: 4,
      options: '-c synchronous_commit=off',
    });
    return {
      kind: 'postgres',
      db,
      counters: drizzlePg(countersPool) as unknown as Db,
      url: options.url,
      exclusively: (step, work) => withAdvisoryLock(options.url!, startLocks[step], work),
      listen: listenOnPostgres(options.url),
      executeSql: async (text, values) => {
        const result = await pool.query(text, values as unknown[]);
        return { rows: result.rows };
      },
      close: async () => {
        await Promise.all([pool.end(), countersPool.end()]);
      },
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o700 });
  const { client, release } = await openPglite(dataDir, { loadDataDir: options.loadDataDir });
  if (!dataDir.startsWith('memory://')) ownerOnly(dataDir);
  const close = async () => {
    await client.close();
    await release();
  };
  if (options.migrate !== false)
    await migratePglite(drizzlePglite(client), { migrationsFolder }).catch(async (error: unknown) => {
      await close();
      throw error;
    });
  return pgliteDatabase(client, close);
}

/** The `Database` over an open PGlite; `close` is what closing it does (the client, then its lock). */
export function pgliteDatabase(client: PGlite, close: () => Promise<void>): Database {
  const db = drizzlePglite(client) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    counters: db,
    exclusively: (_step, work) => work(),
    listen: listenOnPglite(client),
    executeSql: async (text, values) => {
      // pg-boss sends its own migrations as multi-statement text without parameters: only `exec` runs those.
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    snapshot: () => snapshotOf(client),
    close,
  };
}

/**
 * PGlite's initdb makes its folder 0750 and its configuration files 0640, whatever the process's umask:
 * narrowed to the server's own user, like everything else in DATA_DIR.
 */
function ownerOnly(dir: string) {
  fs.chmodSync(dir, 0o700);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(dir, entry.name);
    const mode = fs.statSync(file).mode;
    if (mode & 0o077) fs.chmodSync(file, mode & 0o700);
  }
}
