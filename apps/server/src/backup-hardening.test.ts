/**
 * A backup is the whole installation: kept from other users of the machine (0700 folders, 0600 files,
 * the same for what restore unpacks), and trusted only when its manifest's signature holds (an HMAC
 * keyed from APP_SECRET) and every path it names stays inside the backup folder. Each crafted backup
 * below is refused with its reason and restores nothing. Embedded PGlite, local storage.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { backUp, restore, signManifest, type BackupManifest, type BackupTarget } from './platform/backup';
import { storedObjects } from './platform/storage/stored-objects';
import { users } from './modules/accounts/accounts.schema';

const APP_SECRET = 'backup-hardening-secret-of-32-bytes-or-more';
const folders: string[] = [];

async function folder(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

async function installation(): Promise<{ config: AppConfig; target: BackupTarget }> {
  const config = loadConfig({ DATA_DIR: await folder('pw-harden-'), LOG_LEVEL: 'silent', APP_SECRET });
  return { config, target: { config, ...storedObjects(config) } };
}

/** Every mode under a folder, as `relative path → octal mode`. */
function modes(root: string): Record<string, string> {
  const found: Record<string, string> = { '.': (statSync(root).mode & 0o777).toString(8) };
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    found[path.relative(root, file)] = (statSync(file).mode & 0o777).toString(8);
  }
  return found;
}

let source: Awaited<ReturnType<typeof installation>>;
let original: string;

beforeAll(async () => {
  source = await installation();
  const database = await openDatabase({ dataDir: path.join(source.config.DATA_DIR, 'db') });
  await database.db.insert(users).values({
    type: 'user',
    email: 'owner@harden.test',
    passwordHash: 'x',
    firstName: 'Ann',
    lastName: 'Owner',
  });
  await database.close();
  await source.target.storage.put('videos/1/clip.bin', randomBytes(2048));
  original = path.join(await folder('pw-harden-backup-'), 'backup');
  await backUp(source.target, original);
}, 120_000);

afterAll(async () => {
  for (const dir of folders) await fs.rm(dir, { recursive: true, force: true });
});

/** A copy of the good backup to tamper with. */
async function copyOfBackup(): Promise<string> {
  const dir = path.join(await folder('pw-harden-crafted-'), 'backup');
  await fs.cp(original, dir, { recursive: true });
  return dir;
}

const readManifest = async (dir: string) =>
  JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;

/** The manifest rewritten; re-signed with the right key when `sign` (only the secret's holder can). */
async function rewrite(dir: string, manifest: BackupManifest, sign: boolean): Promise<void> {
  const bytes = `${JSON.stringify(manifest, null, 2)}\n`;
  await fs.writeFile(path.join(dir, 'manifest.json'), bytes);
  if (sign) await fs.writeFile(path.join(dir, 'manifest.hmac'), signManifest(bytes, APP_SECRET));
}

/** The restore is refused with `message`, and the empty installation stays empty. */
async function refused(dir: string, message: RegExp): Promise<void> {
  const copy = await installation();
  await expect(restore(copy.target, dir)).rejects.toThrow(message);
  expect(await fs.readdir(path.join(copy.config.DATA_DIR, 'db')).catch(() => [])).toEqual([]);
  const keys: string[] = [];
  for await (const key of copy.target.keys()) keys.push(key);
  expect(keys).toEqual([]);
}

/** The account type of the backed-up owner in a restored installation ('user' unless tampered with). */
async function ownerTypeIn(config: AppConfig): Promise<string | undefined> {
  const database = await openDatabase({ dataDir: path.join(config.DATA_DIR, 'db') });
  try {
    const [owner] = await database.db.select().from(users).where(eq(users.email, 'owner@harden.test'));
    return owner?.type;
  } finally {
    await database.close();
  }
}

describe('backup hardening', () => {
  it('writes the backup 0700/0600 and restores the database 0700/0600', async () => {
    expect(new Set(Object.values(modes(original)))).toEqual(new Set(['700', '600']));
    expect(modes(original)).toMatchObject({ '.': '700', 'manifest.json': '600', 'manifest.hmac': '600' });
    const copy = await installation();
    await restore(copy.target, original);
    expect(new Set(Object.values(modes(path.join(copy.config.DATA_DIR, 'db'))))).toEqual(
      new Set(['700', '600']),
    );
  }, 60_000);

  it('refuses a database swapped for one where the owner is an admin, its digest recomputed', async () => {
    const dir = await copyOfBackup();
    const manifest = await readManifest(dir);
    const file = path.join(dir, manifest.database.file);
    // The attacker's edit: the backup's database, opened apart, with the account made an admin.
    const crafted = await PGlite.create({
      extensions: { pg_trgm },
      loadDataDir: new Blob([gunzipSync(await fs.readFile(file))]),
    });
    await crafted.query(`update users set type = 'admin' where email = 'owner@harden.test'`);
    const tar = Buffer.from(await (await crafted.dumpDataDir('none')).arrayBuffer());
    await crafted.close();
    const bytes = gzipSync(tar);
    await fs.writeFile(file, bytes);
    manifest.database.size = bytes.length;
    manifest.database.sha256 = createHash('sha256').update(bytes).digest('hex');
    await rewrite(dir, manifest, false);
    await refused(dir, /signature does not match.*Nothing was restored/);
  }, 60_000);

  it('refuses a backup whose signature is missing, or signed under another app secret', async () => {
    const unsigned = await copyOfBackup();
    await fs.rm(path.join(unsigned, 'manifest.hmac'));
    await refused(unsigned, /has no manifest\.hmac/);
    const other = await installation();
    other.config.APP_SECRET = 'another-installation-secret-32-bytes-long';
    await expect(restore(other.target, original)).rejects.toThrow(/signature does not match/);
  }, 60_000);

  it('refuses paths outside the backup even under a valid signature: .., absolute, a symbolic link, another database file', async () => {
    const climbing = await copyOfBackup();
    const manifest = await readManifest(climbing);
    manifest.objects.items[0]!.key = '../../../etc/passwd';
    await rewrite(climbing, manifest, true);
    await refused(climbing, /names a file outside the backup: "objects\/..\/..\/..\/etc\/passwd"/);

    const absolute = await copyOfBackup();
    const second = await readManifest(absolute);
    second.objects.items[0]!.key = '/etc/passwd';
    await rewrite(absolute, second, true);
    await refused(absolute, /names a file outside the backup/);

    // The object replaced by a link to a file elsewhere with the very same bytes: never followed.
    const linked = await copyOfBackup();
    const third = await readManifest(linked);
    const object = path.join(linked, 'objects', third.objects.items[0]!.key);
    const elsewhere = path.join(await folder('pw-harden-elsewhere-'), 'clip.bin');
    await fs.copyFile(object, elsewhere);
    await fs.rm(object);
    await fs.symlink(elsewhere, object);
    await refused(linked, /names a file outside the backup/);

    const database = await copyOfBackup();
    const fourth = await readManifest(database);
    fourth.database.file = '../database/pglite.tar.gz';
    await rewrite(database, fourth, true);
    await refused(database, /unknown database file/);
  }, 60_000);

  it('restores a backup from before signing only when the operator vouches for it, its files still checked', async () => {
    // Last week's backup, taken by the version before signing: manifest version 1, no manifest.hmac.
    const older = await copyOfBackup();
    await fs.rm(path.join(older, 'manifest.hmac'));
    const manifest = await readManifest(older);
    await rewrite(older, { ...manifest, version: 1 }, false);
    await refused(older, /has no manifest\.hmac.*--accept-unsigned.*Nothing was restored/);
    const copy = await installation();
    await restore(copy.target, older, { acceptUnsigned: true });
    expect(await ownerTypeIn(copy.config)).toBe('user');
    // A signed (current) backup with its signature stripped is no older backup: still refused.
    const stripped = await copyOfBackup();
    await fs.rm(path.join(stripped, 'manifest.hmac'));
    const other = await installation();
    await expect(restore(other.target, stripped, { acceptUnsigned: true })).rejects.toThrow(
      /not a backup this version can restore/,
    );
    // Vouched for, an unsigned backup's files are still held to its manifest and its folder.
    const edited = await copyOfBackup();
    await fs.rm(path.join(edited, 'manifest.hmac'));
    const third = await readManifest(edited);
    third.objects.items[0]!.key = '../../../etc/passwd';
    await rewrite(edited, { ...third, version: 1 }, false);
    const last = await installation();
    await expect(restore(last.target, edited, { acceptUnsigned: true })).rejects.toThrow(
      /names a file outside the backup/,
    );
  }, 120_000);

  it('restores the good backup as it was taken', async () => {
    const copy = await installation();
    await restore(copy.target, original);
    expect(await ownerTypeIn(copy.config)).toBe('user');
  }, 60_000);
});
