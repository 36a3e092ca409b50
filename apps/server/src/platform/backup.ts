/**
 * Backup and restore of one installation (decision 0336): the database and the stored objects, with a
 * manifest that names every file's size and SHA-256. `npm run backup -- --to DIR` and
 * `npm run restore -- --from DIR` (scripts/) call these with the server's own configuration.
 *
 * - Database: PGlite (embedded) as a copy of its data folder, taken by opening it (the server must be
 *   stopped: PGlite has one process); PostgreSQL as `pg_dump --format=custom` of the whole database, so
 *   the app's tables, the migration journal and pg-boss's schema (its queued and scheduled jobs) come
 *   together in one consistent snapshot.
 * - Objects: copied as stored, still encrypted (decision 0296). The media key is not in a backup: it is
 *   kept apart, and the installation a backup is restored into needs the same MEDIA_KEY.
 */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { AppConfig } from './config';
import { migrationsFolder, openDatabase } from './db';
import type { Storage } from './storage/storage';

export const BACKUP_FORMAT = 'parting-words-backup';
export const BACKUP_VERSION = 1;
const MANIFEST = 'manifest.json';
const OBJECTS = 'objects';
const DATABASE_FILES = { pglite: 'database/pglite.tar.gz', postgres: 'database/postgres.dump' } as const;

export interface BackupFile {
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: BackupFile & {
    kind: 'pglite' | 'postgres';
    file: string;
    /** Migrations applied when the backup was taken: their count and the last one's tag. */
    migrations: { count: number; last: string | null };
  };
  storage: 'local' | 's3';
  objects: { count: number; bytes: number; items: Array<BackupFile & { key: string }> };
}

/** What a backup or restore reads and writes besides the configuration. */
export interface BackupTarget {
  config: AppConfig;
  /** The objects as stored (the plain storage under the encrypting one: nothing is decrypted). */
  storage: Storage;
  /** Every key of that storage. */
  keys: () => AsyncIterable<string>;
  log?: (message: string) => void;
}

export class BackupError extends Error {}

const pgliteDir = (config: AppConfig) => path.join(config.DATA_DIR, 'db');

async function fileDigest(file: string): Promise<BackupFile> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Runs a PostgreSQL client tool; its error output becomes the error's message. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

interface JournalEntry {
  when: number;
  tag: string;
}
function journal(): JournalEntry[] {
  const text = fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

async function migrationLevel(
  query: (sql: string) => Promise<Array<Record<string, unknown>>>,
): Promise<BackupManifest['database']['migrations']> {
  const [row] = await query(
    'select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const last = row?.last == null ? null : Number(row.last);
  return {
    count: Number(row?.count ?? 0),
    last: journal().find((entry) => entry.when === last)?.tag ?? null,
  };
}

/** Copies every object, as stored, into `dir/objects/<key>`, with its size and SHA-256. */
async function backUpObjects(target: BackupTarget, dir: string): Promise<BackupManifest['objects']> {
  const items: BackupManifest['objects']['items'] = [];
  for await (const key of target.keys()) {
    const file = path.join(dir, OBJECTS, ...key.split('/'));
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(await target.storage.read(key), measure, fs.createWriteStream(file));
    items.push({ key, size, sha256: hash.digest('hex') });
  }
  items.sort((a, b) => (a.key < b.key ? -1 : 1));
  return { count: items.length, bytes: items.reduce((sum, item) => sum + item.size, 0), items };
}

/**
 * Writes a backup into `dir` (created; it must be empty). The database first, then the objects: an
 * object the database names was written before its row, so it is there; one written since is an extra.
 */
export async function backUp(target: BackupTarget, dir: string): Promise<BackupManifest> {
  const { config } = target;
  const log = target.log ?? (() => {});
  await fsp.mkdir(dir, { recursive: true });
  if ((await fsp.readdir(dir)).length > 0) throw new BackupError(`${dir} is not empty`);
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  const file = DATABASE_FILES[kind];
  await fsp.mkdir(path.join(dir, path.dirname(file)), { recursive: true });
  let migrations: BackupManifest['database']['migrations'];
  if (kind === 'postgres') {
    log('database: pg_dump');
    await run('pg_dump', [
      '--format=custom',
      `--file=${path.join(dir, file)}`,
      `--dbname=${config.DATABASE_URL}`,
    ]);
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    try {
      migrations = await migrationLevel(async (sql) => (await client.query(sql)).rows);
    } finally {
      await client.end();
    }
  } else {
    if (!fs.existsSync(path.join(pgliteDir(config), 'PG_VERSION')))
      throw new BackupError(`no embedded database in ${pgliteDir(config)}`);
    log('database: copying the embedded database (the server must be stopped)');
    const db = await PGlite.create(pgliteDir(config));
    try {
      migrations = await migrationLevel(async (sql) => (await db.query<Record<string, unknown>>(sql)).rows);
      const tar = await db.dumpDataDir('gzip');
      await pipeline(
        Readable.from(Buffer.from(await tar.arrayBuffer())),
        fs.createWriteStream(path.join(dir, file)),
      );
    } finally {
      await db.close();
    }
  }
  log('objects: copying as stored');
  const objects = await backUpObjects(target, dir);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    database: { kind, file, migrations, ...(await fileDigest(path.join(dir, file))) },
    storage: config.STORAGE,
    objects,
  };
  await fsp.writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  log(`done: ${objects.count} objects, ${objects.bytes} bytes, ${migrations.count} migrations`);
  return manifest;
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** Reads the manifest and checks every file against it; throws naming the first difference. */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${dir} has no readable ${MANIFEST}`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION)
    throw new BackupError(
      `not a backup this version can restore (format ${manifest.format} ${manifest.version})`,
    );
  const same = (found: BackupFile, expected: BackupFile) =>
    found.size === expected.size && found.sha256 === expected.sha256;
  const databaseFile = path.join(dir, manifest.database.file);
  if (!fs.existsSync(databaseFile) || !same(await fileDigest(databaseFile), manifest.database))
    throw new BackupError(`the database file differs from the manifest: ${manifest.database.file}`);
  const present = new Set(await filesUnder(path.join(dir, OBJECTS)));
  if (manifest.objects.count !== manifest.objects.items.length || present.size !== manifest.objects.count)
    throw new BackupError(
      `the manifest lists ${manifest.objects.count} objects, the backup holds ${present.size}`,
    );
  for (const item of manifest.objects.items) {
    const file = path.join(dir, OBJECTS, ...item.key.split('/'));
    if (!present.has(item.key) || !same(await fileDigest(file), item))
      throw new BackupError(`an object differs from the manifest: ${item.key}`);
  }
  const known = journal().length;
  if (manifest.database.migrations.count > known)
    throw new BackupError(
      `the backup's database has ${manifest.database.migrations.count} migrations, this version knows ${known}: restore it with a newer version`,
    );
  return manifest;
}

/** Empties the target (only with --force), or refuses one that holds anything. */
async function prepareTarget(target: BackupTarget, force: boolean): Promise<void> {
  const { config } = target;
  const found: string[] = [];
  if (config.DATABASE_URL) {
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ schema: string }>(
        `select distinct table_schema as schema from information_schema.tables
          where table_schema not in ('pg_catalog', 'information_schema')`,
      );
      if (rows.length > 0 && force) {
        for (const { schema } of rows) await client.query(`drop schema if exists "${schema}" cascade`);
        await client.query('create schema if not exists public');
      } else if (rows.length > 0)
        found.push(`the database (schemas ${rows.map((r) => r.schema).join(', ')})`);
    } finally {
      await client.end();
    }
  } else {
    const dir = pgliteDir(config);
    const entries = await fsp.readdir(dir).catch(() => []);
    if (entries.length > 0 && force) await fsp.rm(dir, { recursive: true, force: true });
    else if (entries.length > 0) found.push(dir);
  }
  const existing: string[] = [];
  for await (const key of target.keys()) existing.push(key);
  if (existing.length > 0 && force) for (const key of existing) await target.storage.delete(key);
  else if (existing.length > 0) found.push(`the object storage (${existing.length} objects)`);
  if (found.length > 0)
    throw new BackupError(`the target is not empty: ${found.join('; ')}. Restore with --force to replace it`);
}

/**
 * Restores a backup into the configured installation, which must be empty (or `force`). The backup is
 * checked whole before anything is written. Ends by opening the database the way the server does
 * (migrating it forward when the backup is older), so what it leaves is what a start expects.
 */
export async function restore(
  target: BackupTarget,
  dir: string,
  options: { force?: boolean } = {},
): Promise<BackupManifest> {
  const { config } = target;
  const log = target.log ?? (() => {});
  const manifest = await verifyBackup(dir);
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind)
    throw new BackupError(
      `the backup holds a ${manifest.database.kind} database and this installation uses ${kind}`,
    );
  await prepareTarget(target, options.force ?? false);
  const databaseFile = path.join(dir, manifest.database.file);
  if (kind === 'postgres') {
    log('database: pg_restore');
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${config.DATABASE_URL}`,
      databaseFile,
    ]);
  } else {
    log('database: unpacking the embedded database');
    await fsp.mkdir(path.dirname(pgliteDir(config)), { recursive: true });
    const db = await PGlite.create(pgliteDir(config), {
      loadDataDir: new Blob([await fsp.readFile(databaseFile)]),
    });
    await db.close();
  }
  log(`objects: ${manifest.objects.count}`);
  for (const item of manifest.objects.items)
    await target.storage.put(item.key, fs.createReadStream(path.join(dir, OBJECTS, ...item.key.split('/'))));
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: pgliteDir(config) });
  await database.close();
  log('done');
  return manifest;
}
