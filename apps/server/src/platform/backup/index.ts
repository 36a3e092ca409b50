/**
 * Backup and restore of one installation (decision 0336): the database and the stored objects, with a
 * signed manifest that names every file's size and SHA-256 (manifest.ts). `npm run backup -- --to DIR`
 * and `npm run restore -- --from DIR` (src/cli/) call these with the server's own configuration.
 *
 * - Database: PGlite (embedded) as a copy of its data folder taken by the process that owns it
 *   (decision 0380): the running server when there is one (the command sends it the work), else the
 *   command itself, holding the folder's lock; PostgreSQL as `pg_dump --format=custom` of the whole
 *   database, so the app's tables, the migration journal and pg-boss's schema (its queued and scheduled
 *   jobs) come together in one consistent snapshot.
 * - Objects: copied as stored, still encrypted (decision 0296). The media key is not in a backup: it is
 *   kept apart, and the installation a backup is restored into needs the same MEDIA_KEY.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import type { AppConfig } from '../config';
import { openDatabase } from '../db';
import { resolveAppSecret } from '../secrets';
import { isGone } from '../storage/storage';
import { pgliteDir, run, type BackupTarget } from './target';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  DATABASE_FILES,
  FILE_MODE,
  FOLDER_MODE,
  OBJECTS,
  fileDigest,
  journal,
  writeManifest,
  type BackupManifest,
} from './manifest';

export { BACKUP_FORMAT, BACKUP_VERSION, BackupError, verifyBackup, signManifest } from './manifest';
export type { BackupFile, BackupManifest } from './manifest';
export { restore } from './restore';
export type { BackupTarget } from './target';

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

/**
 * Copies every object, as stored, into `dir/objects/<key>`, with its size and SHA-256. One deleted
 * after it was listed (the running server deletes objects while a backup copies: a converted video's
 * source clips, a refused upload's clip, a video its owner removed) is left out, and counted.
 */
async function backUpObjects(
  target: BackupTarget,
  dir: string,
  log: (message: string) => void,
): Promise<BackupManifest['objects']> {
  const items: BackupManifest['objects']['items'] = [];
  let deleted = 0;
  for await (const key of target.keys()) {
    const file = path.join(dir, OBJECTS, ...key.split('/'));
    await fsp.mkdir(path.dirname(file), { recursive: true, mode: FOLDER_MODE });
    let size = 0;
    const hash = createHash('sha256');
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    let out: fs.WriteStream | undefined;
    try {
      const source = await target.storage.read(key);
      out = fs.createWriteStream(file, { mode: FILE_MODE });
      await pipeline(source, measure, out);
    } catch (error) {
      // A source that fails before the file has opened ends the pipeline first; the file is then created
      // after the removal below unless its close is awaited (a busy machine left empty copies behind).
      const copy = out;
      if (copy && !copy.closed) await new Promise<void>((resolve) => copy.once('close', () => resolve()));
      if (!(await isGone(target.storage, key))) throw error;
      await fsp.rm(file, { force: true });
      deleted += 1;
      continue;
    }
    items.push({ key, size, sha256: hash.digest('hex') });
  }
  if (deleted > 0) log(`objects: ${deleted} deleted while the backup copied them, left out`);
  items.sort((a, b) => (a.key < b.key ? -1 : 1));
  return { count: items.length, bytes: items.reduce((sum, item) => sum + item.size, 0), items };
}

async function backUpPostgres(config: AppConfig, file: string) {
  await run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${config.DATABASE_URL}`]);
  await fsp.chmod(file, FILE_MODE);
  const client = new pg.Client({ connectionString: config.DATABASE_URL });
  await client.connect();
  try {
    return await migrationLevel(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
}

/** The embedded database's snapshot (taken between two statements, never inside one), gzipped. */
async function backUpEmbedded(target: BackupTarget, file: string) {
  const database =
    target.embedded ?? (await openDatabase({ dataDir: pgliteDir(target.config), migrate: false }));
  try {
    const migrations = await migrationLevel(async (sql) => (await database.executeSql(sql)).rows);
    const tar = await database.snapshot!();
    await pipeline(
      Readable.from(Buffer.from(await tar.arrayBuffer())),
      createGzip(),
      fs.createWriteStream(file, { mode: FILE_MODE }),
    );
    return migrations;
  } finally {
    if (!target.embedded) await database.close();
  }
}

/**
 * Writes a backup into `dir` (created 0700; it must be empty). The database first, then the objects:
 * an object the database names was written before its row, so it is there, unless the running server
 * deleted it since (its row changed after the snapshot): left out; one written since is an extra.
 */
export async function backUp(target: BackupTarget, dir: string): Promise<BackupManifest> {
  const { config } = target;
  const log = target.log ?? (() => {});
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (kind === 'pglite' && !fs.existsSync(path.join(pgliteDir(config), 'PG_VERSION')))
    throw new BackupError(`no embedded database in ${pgliteDir(config)}`);
  const appSecret = resolveAppSecret(config.APP_SECRET, config.DATA_DIR);
  await fsp.mkdir(dir, { recursive: true, mode: FOLDER_MODE });
  if ((await fsp.readdir(dir)).length > 0) throw new BackupError(`${dir} is not empty`);
  await fsp.chmod(dir, FOLDER_MODE);
  const file = DATABASE_FILES[kind];
  await fsp.mkdir(path.join(dir, path.dirname(file)), { recursive: true, mode: FOLDER_MODE });
  log(kind === 'postgres' ? 'database: pg_dump' : 'database: copying the embedded database');
  const migrations =
    kind === 'postgres'
      ? await backUpPostgres(config, path.join(dir, file))
      : await backUpEmbedded(target, path.join(dir, file));
  log('objects: copying as stored');
  const objects = await backUpObjects(target, dir, log);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    database: { kind, file, migrations, ...(await fileDigest(path.join(dir, file))) },
    storage: config.STORAGE,
    objects,
  };
  await writeManifest(dir, manifest, appSecret);
  log(`done: ${objects.count} objects, ${objects.bytes} bytes, ${migrations.count} migrations`);
  return manifest;
}
