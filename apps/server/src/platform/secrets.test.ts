import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from './config';
import { resolveAppSecret, resolveMediaKeyring } from './secrets';
import { mediaKeyOf } from './storage/media-keyring';

/** A fresh DATA_DIR for each test (removed after it), and the path of the file `name` in it. */
function dataDirPerTest(prefix: string, name: string) {
  let current = '';
  beforeEach(() => {
    current = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterEach(() => fs.rmSync(current, { recursive: true, force: true }));
  const dir = () => current;
  return { dir, file: () => path.join(dir(), name) };
}

describe('resolveAppSecret', () => {
  const { dir, file } = dataDirPerTest('pw-secret-', 'app-secret');

  it('uses APP_SECRET when set, and writes nothing', () => {
    expect(resolveAppSecret('s'.repeat(40), dir())).toBe('s'.repeat(40));
    expect(fs.existsSync(file())).toBe(false);
  });

  it('generates one secret of 32 random bytes, kept for the next start, readable by the owner only', () => {
    const first = resolveAppSecret(undefined, dir());
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(resolveAppSecret(undefined, dir())).toBe(first);
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir())).toEqual(['app-secret']);
  });

  it('stops on an empty or short secret file, naming the file and what to do', () => {
    fs.writeFileSync(file(), '');
    const empty = (() => {
      try {
        resolveAppSecret(undefined, dir());
      } catch (error) {
        return error;
      }
    })();
    expect(empty).toBeInstanceOf(ConfigError);
    expect((empty as Error).message).toContain(`the generated secret in ${file()} is empty`);
    expect((empty as Error).message).toContain('Restore the file from a backup, or set APP_SECRET');
    fs.writeFileSync(file(), '  short \n');
    expect(() => resolveAppSecret(undefined, dir())).toThrow(/is only 5 bytes long/);
  });
});

describe('resolveMediaKeyring', () => {
  const { dir, file } = dataDirPerTest('pw-media-key-', 'media-key');

  it('generates one 32-byte key into DATA_DIR/media-key, kept for the next start, owner-only', () => {
    const first = resolveMediaKeyring(undefined, undefined, dir());
    expect(first.current.key).toHaveLength(32);
    expect(resolveMediaKeyring(undefined, undefined, dir()).current.key.equals(first.current.key)).toBe(true);
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600);
  });

  it('uses MEDIA_KEY when set (writing nothing) and still finds the older keys', () => {
    const newest = randomBytes(32);
    const older = [randomBytes(32), randomBytes(32)];
    const keyring = resolveMediaKeyring(
      newest.toString('base64'),
      older.map((key) => key.toString('base64')).join(', '),
      dir(),
    );
    expect(keyring.current.key.equals(newest)).toBe(true);
    for (const key of older) expect(keyring.find(mediaKeyOf(key).id)?.key.equals(key)).toBe(true);
    expect(keyring.find(mediaKeyOf(randomBytes(32)).id)).toBeUndefined();
    expect(fs.existsSync(file())).toBe(false);
  });

  it('stops on a damaged key file, naming it', () => {
    fs.writeFileSync(file(), 'c2hvcnQ=');
    expect(() => resolveMediaKeyring(undefined, undefined, dir())).toThrow(ConfigError);
    expect(() => resolveMediaKeyring(undefined, undefined, dir())).toThrow(file());
  });

  it('refuses a MEDIA_KEY or an old key that is not 32 bytes of base64', () => {
    expect(() => loadConfig({ MEDIA_KEY: 'short' })).toThrow(/MEDIA_KEY: must be 32 bytes/);
    const good = randomBytes(32).toString('base64');
    expect(() => loadConfig({ MEDIA_KEY: good, MEDIA_KEYS_OLD: `${good},nope` })).toThrow(/MEDIA_KEYS_OLD/);
    expect(loadConfig({ MEDIA_KEY: good, MEDIA_KEYS_OLD: good }).MEDIA_KEY).toBe(good);
  });
});
