/**
 * Restore (decision 0336): checks the whole backup (its signature, then every file) before it writes
 * anything, into an installation that is empty (or emptied with --force) and, with the embedded
 * database, not running: the data folder's lock is held from the first check to the last write
 * (decision 0380), so no server starts on a half-restored folder.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config';
import { openDatabase, openPglite } from '../db';
import { DataFolderHeld, withDataFolder } from '../owner/data-lock';
import { resolveAppSecret } from '../secrets';
import { BackupError, FILE_MODE, FOLDER_MODE, OBJECTS, verifyBackup, type BackupManifest } from './manifest';
import { pgliteDir, run, type BackupTarget } from './target';

/** The app secret the backup must be signed with; never generated here (a new one signs nothing old). */
function installedAppSecret(config: AppConfig): string {
  if (config.APP_SECRET || fs.existsSync(path.join(config.DATA_DIR, 'app-secret')))
    return resolveAppSecret(config.APP_SECRET, config.DATA_DIR);
  throw new BackupError(
    `no app secret: set APP_SECRET, or put the DATA_DIR/app-secret of the installation that took the backup into ${config.DATA_DIR}, then restore`,
  );
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

/** The unpacked database is the installation's data: the server's user only (as PostgreSQL keeps it). */
async function narrow(dir: string): Promise<void> {
  await fsp.chmod(dir, FOLDER_MODE);
  for (const entry of await fsp.readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await fsp.chmod(file, FOLDER_MODE);
    else if (entry.isFile()) await fsp.chmod(file, FILE_MODE);
  }
}

async function restoreChecked(
  target: BackupTarget,
  dir: string,
  options: RestoreOptions,
): Promise<BackupManifest> {
  const force = options.force ?? false;
  const { config } = target;
  const log = target.log ?? (() => {});
  const manifest = await verifyBackup(dir, installedAppSecret(config), options);
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind)
    throw new BackupError(
      `the backup holds a ${manifest.database.kind} database and this installation uses ${kind}`,
    );
  await prepareTarget(target, force);
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
    await fsp.mkdir(pgliteDir(config), { recursive: true, mode: FOLDER_MODE });
    const { client, release } = await openPglite(pgliteDir(config), {
      loadDataDir: new Blob([await fsp.readFile(databaseFile)]),
    });
    await client.close();
    await release();
  }
  log(`objects: ${manifest.objects.count}`);
  for (const item of manifest.objects.items)
    await target.storage.put(item.key, fs.createReadStream(path.join(dir, OBJECTS, ...item.key.split('/'))));
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: pgliteDir(config) });
  await database.close();
  if (kind === 'pglite') await narrow(pgliteDir(config));
  log('done');
  return manifest;
}

/** `force`: empty a non-empty target first; `acceptUnsigned`: restore a backup from before signing. */
export interface RestoreOptions {
  force?: boolean;
  acceptUnsigned?: boolean;
}

/**
 * Restores a backup into the configured installation, which must be empty (or `force`) and, with the
 * embedded database, stopped. Ends by opening the database the way the server does (migrating it
 * forward when the backup is older), so what it leaves is what a start expects.
 */
export async function restore(
  target: BackupTarget,
  dir: string,
  options: RestoreOptions = {},
): Promise<BackupManifest> {
  if (target.config.DATABASE_URL) return restoreChecked(target, dir, options);
  try {
    return await withDataFolder(target.config.DATA_DIR, 'npm run restore', () =>
      restoreChecked(target, dir, options),
    );
  } catch (error) {
    if (!(error instanceof DataFolderHeld)) throw error;
    throw new BackupError(
      `${error.message}: a running installation is not restored into. Stop it, then run the restore again`,
    );
  }
}
