/**
 * The embedded pass's test databases. Loading the run's migrated copy into a new PGlite costs about half
 * a second of CPU (its ~940 files written one by one into an in-memory file system, then Postgres
 * started), and a run loads one for nearly every test file. So each worker keeps the PGlite a file
 * hands back and gives it to its next file, put back as the copy was: the tables a file wrote
 * truncated and the copy's rows inserted again, every sequence set back, the session's settings,
 * listeners and locks dropped. Before it is given out again, it must match the copy: the same schema
 * (a fingerprint of the catalog), the same settings, the same tables holding rows with the same
 * counts, the same sequences; anything else (a file that altered a table, closed the database, left a
 * transaction open) and it is closed, and the next file loads a new one. A file's handle stops working
 * when it hands the database back, so late work of one file can never write into the next one's.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import {
  migrationsFolder,
  openPglite,
  pgliteDatabase,
  type Database,
  type Unlisten,
} from '../src/platform/db';
import { migratedPgliteSnapshot } from './database-template';

/** More than one is kept for the files that open two databases at once. */
const MAX_KEPT = 2;

const inUserSchema = (schema: string) =>
  `${schema} not in ('pg_catalog', 'information_schema') and ${schema} not like 'pg_toast%'`;

/** Everything a file could change that truncating and inserting rows does not put back, as one hash. */
const FINGERPRINT = `select md5(string_agg(line, E'\\n' order by line)) as fingerprint from (
  select 'relation ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text || c.relpersistence::text as line
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${inUserSchema('n.nspname')}
  union all select 'column ' || a.attrelid::regclass || '.' || a.attname || ' ' || a.atttypid::text || ' '
      || a.attnotnull::text || a.attgenerated::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attnum > 0 and not a.attisdropped and ${inUserSchema('n.nspname')}
  union all select 'constraint ' || conrelid::regclass || '.' || conname || ' ' || pg_get_constraintdef(c.oid)
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace where ${inUserSchema('n.nspname')}
  union all select 'index ' || schemaname || '.' || indexname || ' ' || indexdef
    from pg_indexes where ${inUserSchema('schemaname')}
  union all select 'function ' || p.oid::regprocedure || ' ' || md5(p.prosrc)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${inUserSchema('n.nspname')}
  union all select 'trigger ' || tgrelid::regclass || '.' || tgname || ' ' || tgenabled::text from pg_trigger
  union all select 'type ' || n.nspname || '.' || typname
    from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${inUserSchema('n.nspname')}
  union all select 'extension ' || extname || ' ' || extversion from pg_extension
  union all select 'role ' || rolname from pg_roles
  union all select 'database ' || datname from pg_database
  union all select 'policy ' || polrelid::regclass || '.' || polname from pg_policy
  union all select 'large objects ' || count(*) from pg_largeobject_metadata
  union all select 'prepared transactions ' || count(*) from pg_prepared_xacts
  union all select 'setting ' || name || '=' || setting from pg_settings where source not in ('default', 'override')
) lines`;

const USER_TABLES = `select c.oid, quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and ${inUserSchema('n.nspname')}`;

/** The tables that hold rows or once did: the copy's empty tables have no page. */
const TABLES_WITH_PAGES = `select name from (${USER_TABLES}) t where pg_relation_size(t.oid) > 0`;

const SEQUENCES = `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name,
  coalesce(last_value, start_value)::text as value, last_value is not null as called
  from pg_sequences order by 1`;

interface TableRows {
  name: string;
  /** The columns an INSERT may name (not the generated ones). */
  columns: string;
  rows: string;
  count: number;
}

interface Pristine {
  fingerprint: string;
  /** What PGlite sets once started (its search path), which DISCARD ALL would reset to the command line's. */
  sessionSettings: Array<{ name: string; setting: string }>;
  tables: TableRows[];
  sequences: Array<{ name: string; value: string; called: boolean }>;
}

/** What the copy holds, read off the first PGlite this worker loads, before any file has used it. */
let pristine: Promise<Pristine> | undefined;
const kept: PGlite[] = [];
let loads = 0;

/** For this module's own test: how many times this worker loaded the copy, and how many PGlites it keeps. */
export const loadsOfTheCopy = () => loads;
export const keptCount = () => kept.length;

/** A database for one test file: a kept PGlite put back as the copy was, or a new load of the copy. */
export async function takeEmbeddedTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const client = kept.pop() ?? (await loadCopy());
  // As every start does: a migration the copy lacked would be applied here (and in the new load).
  await migrate(drizzle(client), { migrationsFolder });
  let handedBack = false;
  const handle = revocable(client, () => handedBack);
  const unlistens: Unlisten[] = [];
  // Closing after handing it back would close the next file's database: by then it is not this file's to close.
  const database = pgliteDatabase(handle, async () => {
    if (!handedBack) await client.close();
  });
  const listen = database.listen;
  database.listen = async (channel, onPayload, logger) => {
    const unlisten = await listen(channel, onPayload, logger);
    unlistens.push(unlisten);
    return unlisten;
  };
  return {
    database,
    drop: async () => {
      if (handedBack) return;
      handedBack = true;
      if (client.closed) return;
      // PGlite calls a channel's callbacks until each is removed, whoever listens next: remove this file's.
      for (const unlisten of unlistens) await unlisten();
      const reusable = await putBack(client).catch(() => false);
      if (reusable && kept.length < MAX_KEPT) kept.push(client);
      else await client.close();
    },
  };
}

async function loadCopy(): Promise<PGlite> {
  loads += 1;
  const { client } = await openPglite('memory://', { loadDataDir: migratedPgliteSnapshot() });
  pristine ??= readPristine(client);
  await pristine;
  return client;
}

/** The client for one file: each use after the file handed it back throws instead of reaching the next file's data. */
function revocable(client: PGlite, revoked: () => boolean): PGlite {
  return new Proxy(client, {
    get(target, key) {
      if (revoked())
        throw new Error('This test database was handed back; it now belongs to another test file.');
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function readPristine(client: PGlite): Promise<Pristine> {
  const tables: TableRows[] = [];
  for (const { name, oid } of await rowsOf<{ name: string; oid: number }>(client, USER_TABLES)) {
    const { count } = await firstRow<{ count: number }>(client, `select count(*)::int as count from ${name}`);
    if (count === 0) continue;
    const columns = await rowsOf<{ column: string }>(
      client,
      `select quote_ident(attname) as column from pg_attribute
        where attrelid = $1 and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      [oid],
    );
    const { rows } = await firstRow<{ rows: string }>(
      client,
      `select json_agg(t)::text as rows from ${name} t`,
    );
    tables.push({ name, columns: columns.map((c) => c.column).join(', '), rows, count });
  }
  const { fingerprint } = await firstRow<{ fingerprint: string }>(client, FINGERPRINT);
  const sequences = await rowsOf<Pristine['sequences'][number]>(client, SEQUENCES);
  const sessionSettings = await rowsOf<Pristine['sessionSettings'][number]>(
    client,
    `select name, setting from pg_settings where source = 'session'`,
  );
  return { fingerprint, sessionSettings, tables, sequences };
}

/** Puts the copy's state back; true when the result matches it in everything `Pristine` records. */
async function putBack(client: PGlite): Promise<boolean> {
  const copy = await pristine!;
  // Also ends any transaction a file left open (it cannot run inside one: it fails, and the PGlite is not kept).
  await client.exec('discard all');
  for (const { name, setting } of copy.sessionSettings)
    await client.query('select set_config($1, $2, false)', [name, setting]);
  const written = await rowsOf<{ name: string }>(client, TABLES_WITH_PAGES);
  const truncate = new Set([...written.map((t) => t.name), ...copy.tables.map((t) => t.name)]);
  await client.transaction(async (tx) => {
    // Rows go back as they were: no trigger fires and no foreign key is checked while they do.
    await tx.exec(`set local session_replication_role = replica`);
    if (truncate.size > 0) await tx.exec(`truncate ${[...truncate].join(', ')} restart identity cascade`);
    for (const table of copy.tables)
      await tx.query(
        `insert into ${table.name} (${table.columns}) overriding system value
          select ${table.columns} from json_populate_recordset(null::${table.name}, $1::json)`,
        [table.rows],
      );
    for (const sequence of copy.sequences)
      await tx.query('select setval($1::regclass, $2::bigint, $3)', [
        sequence.name,
        sequence.value,
        sequence.called,
      ]);
  });
  return matches(client, copy);
}

async function matches(client: PGlite, copy: Pristine): Promise<boolean> {
  const { fingerprint } = await firstRow<{ fingerprint: string }>(client, FINGERPRINT);
  if (fingerprint !== copy.fingerprint) return false;
  const holding = await rowsOf<{ name: string }>(client, TABLES_WITH_PAGES);
  const expected = copy.tables.map((t) => t.name).sort();
  if (
    holding
      .map((t) => t.name)
      .sort()
      .join() !== expected.join()
  )
    return false;
  for (const table of copy.tables) {
    const { count } = await firstRow<{ count: number }>(
      client,
      `select count(*)::int as count from ${table.name}`,
    );
    if (count !== table.count) return false;
  }
  const sequences = await rowsOf<Pristine['sequences'][number]>(client, SEQUENCES);
  return JSON.stringify(sequences) === JSON.stringify(copy.sequences);
}

async function firstRow<T>(client: PGlite, text: string, values?: unknown[]): Promise<T> {
  const [row] = await rowsOf<T>(client, text, values);
  if (!row) throw new Error(`No row from: ${text.slice(0, 60)}`);
  return row;
}

async function rowsOf<T>(client: PGlite, text: string, values?: unknown[]): Promise<T[]> {
  return (await client.query<T>(text, values)).rows;
}
