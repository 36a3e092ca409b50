/**
 * A backup's manifest (decision 0336): every file's size and SHA-256, signed with a key derived from
 * APP_SECRET (HMAC-SHA-256 over the manifest's exact bytes, in `manifest.hmac`). Restore trusts nothing
 * in a backup before the signature holds, and then only paths that stay inside the backup folder.
 */
import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { migrationsFolder } from '../db';

export const BACKUP_FORMAT = 'parting-words-backup';
/** 2: the manifest is signed (1 was not, and is refused: nothing in it can be trusted). */
export const BACKUP_VERSION = 2;
/** Backups taken before manifests were signed: restored only when the operator vouches for them. */
export const UNSIGNED_BACKUP_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const MANIFEST_HMAC = 'manifest.hmac';
export const OBJECTS = 'objects';
export const DATABASE_FILES = {
  pglite: 'database/pglite.tar.gz',
  postgres: 'database/postgres.dump',
} as const;
/** A backup is the installation's whole data: readable by the server's user only, as DATA_DIR is. */
export const FILE_MODE = 0o600;
export const FOLDER_MODE = 0o700;

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

export class BackupError extends Error {}

/** The manifest's key: HKDF of the app secret, for this use only. */
function manifestKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, '', 'parting-words backup manifest v2', 32));
}

export const signManifest = (bytes: Buffer | string, appSecret: string): string =>
  createHmac('sha256', manifestKey(appSecret)).update(bytes).digest('hex');

export async function fileDigest(file: string): Promise<BackupFile> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

interface JournalEntry {
  when: number;
  tag: string;
}
export function journal(): JournalEntry[] {
  const text = fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

/** Writes the manifest and its signature. */
export async function writeManifest(dir: string, manifest: BackupManifest, appSecret: string): Promise<void> {
  const bytes = `${JSON.stringify(manifest, null, 2)}\n`;
  await fsp.writeFile(path.join(dir, MANIFEST), bytes, { mode: FILE_MODE });
  await fsp.writeFile(path.join(dir, MANIFEST_HMAC), `${signManifest(bytes, appSecret)}\n`, {
    mode: FILE_MODE,
  });
}

/**
 * A file the manifest names, as a path inside `dir`: relative, no `.`/`..` segment, and no symbolic
 * link anywhere on the way (lstat of each part), so a crafted backup cannot make restore read elsewhere.
 */
export async function fileInside(dir: string, relative: string): Promise<string> {
  const refuse = () =>
    new BackupError(`the manifest names a file outside the backup: ${JSON.stringify(relative)}`);
  if (typeof relative !== 'string') throw refuse();
  const parts = relative.split('/');
  if (parts.some((part) => !part || part === '.' || part === '..' || /[\\\0]/.test(part))) throw refuse();
  let current = dir;
  for (const [index, part] of parts.entries()) {
    current = path.join(current, part);
    const last = index === parts.length - 1;
    const info = await fsp.lstat(current).catch(() => null);
    if (info === null) return current; // missing: the digest check names it
    if (info.isSymbolicLink() || (last ? !info.isFile() : !info.isDirectory())) throw refuse();
  }
  if (!path.resolve(current).startsWith(path.resolve(dir) + path.sep)) throw refuse();
  return current;
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/**
 * The manifest, once its signature holds. A backup without one (taken before backups were signed) is
 * read only when the operator says they took it and kept it where nobody else could write
 * (`--accept-unsigned`): its files are still checked against it, and its paths kept inside the folder.
 */
async function readSigned(
  dir: string,
  appSecret: string,
  acceptUnsigned: boolean,
): Promise<{ manifest: BackupManifest; signed: boolean }> {
  let bytes: Buffer;
  let signature: string;
  try {
    bytes = await fsp.readFile(path.join(dir, MANIFEST));
  } catch {
    throw new BackupError(`${dir} has no readable ${MANIFEST}`);
  }
  try {
    signature = (await fsp.readFile(path.join(dir, MANIFEST_HMAC), 'utf8')).trim();
  } catch {
    if (acceptUnsigned)
      return { manifest: JSON.parse(bytes.toString('utf8')) as BackupManifest, signed: false };
    throw new BackupError(
      `${dir} has no ${MANIFEST_HMAC}: it was taken before backups were signed, or its signature was removed. If you took it yourself and kept it where nobody else could change it, restore it with --accept-unsigned. Nothing was restored`,
    );
  }
  const expected = Buffer.from(signManifest(bytes, appSecret), 'hex');
  const found = Buffer.from(signature, 'hex');
  if (found.length !== expected.length || !timingSafeEqual(found, expected))
    throw new BackupError(
      `the backup's signature does not match: it was changed after it was taken, or this installation has another APP_SECRET than the one that took it (set APP_SECRET, or put that installation's DATA_DIR/app-secret in place). Nothing was restored`,
    );
  return { manifest: JSON.parse(bytes.toString('utf8')) as BackupManifest, signed: true };
}

/** Reads the manifest, checks its signature, then every file against it; throws naming the first difference. */
export async function verifyBackup(
  dir: string,
  appSecret: string,
  options: { acceptUnsigned?: boolean } = {},
): Promise<BackupManifest> {
  const { manifest, signed } = await readSigned(dir, appSecret, options.acceptUnsigned ?? false);
  // A signed manifest is this version's; an unsigned one can only be from before signing.
  const version = signed ? BACKUP_VERSION : UNSIGNED_BACKUP_VERSION;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== version)
    throw new BackupError(
      `not a backup this version can restore (format ${manifest.format} ${manifest.version})`,
    );
  const same = (found: BackupFile, expected: BackupFile) =>
    found.size === expected.size && found.sha256 === expected.sha256;
  const kind = manifest.database.kind;
  if (!Object.hasOwn(DATABASE_FILES, kind) || manifest.database.file !== DATABASE_FILES[kind])
    throw new BackupError(
      `the manifest names an unknown database file: ${JSON.stringify(manifest.database.file)}`,
    );
  const databaseFile = await fileInside(dir, manifest.database.file);
  if (!fs.existsSync(databaseFile) || !same(await fileDigest(databaseFile), manifest.database))
    throw new BackupError(`the database file differs from the manifest: ${manifest.database.file}`);
  const files = new Map<string, string>();
  for (const item of manifest.objects.items)
    files.set(item.key, await fileInside(dir, `${OBJECTS}/${item.key}`));
  const present = new Set(await filesUnder(path.join(dir, OBJECTS)));
  if (manifest.objects.count !== manifest.objects.items.length || present.size !== manifest.objects.count)
    throw new BackupError(
      `the manifest lists ${manifest.objects.count} objects, the backup holds ${present.size}`,
    );
  for (const item of manifest.objects.items) {
    const file = files.get(item.key)!;
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
