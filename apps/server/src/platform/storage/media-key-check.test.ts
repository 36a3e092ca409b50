import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_HEALTH_PATH } from '@pw/contracts';
import { createTestDatabase } from '../../../test/helpers';
import { freePort } from '../../../test/server-process';
import { waitUntil } from '../../../test/wait';
import { ConfigError } from '../config';
import type { Database } from '../db';
import { createEncryptedStorage } from './encrypted-storage';
import { localKeys, rotateMediaKeys } from './key-rotation';
import { createLocalStorage } from './local-storage';
import { checkMediaKeys } from './media-key-check';
import { createMediaKeyring, mediaKeyOf } from './media-keyring';
import { mediaKeyIds } from './media-keys.schema';
import type { Storage } from './storage';
import { serverEntry } from '../../../test/server-bundle';

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const idOf = (key: Buffer) => mediaKeyOf(key).id.toString('hex');
const silent = pino({ level: 'silent' });

describe('the start refuses stored media under a key it does not hold', () => {
  let root: string;
  let inner: Storage;
  let database: Database;
  let drop: () => Promise<void>;

  const check = (current: Buffer, older: Buffer[] = [], sampleSize?: number) =>
    checkMediaKeys({
      db: database.db,
      keyring: createMediaKeyring(current, older),
      inner,
      keys: () => localKeys(root),
      logger: silent,
      sampleSize,
    });
  const recorded = async () => (await database.db.select().from(mediaKeyIds)).map((row) => row.keyId).sort();

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop());
  // Each case on an empty storage and an empty record.
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-keycheck-'));
    inner = createLocalStorage(root);
    await database.db.delete(mediaKeyIds);
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('starts on an empty storage and records the key that wraps new objects', async () => {
    await check(keyA);
    expect(await recorded()).toEqual([idOf(keyA)]);
  });

  it('refuses objects under a key neither MEDIA_KEY nor MEDIA_KEYS_OLD holds, naming it and what to do', async () => {
    await createEncryptedStorage(inner, createMediaKeyring(keyA)).put('videos/1/video.mp4', randomBytes(999));
    await inner.put('legacy/plain.txt', Buffer.from('stored in the clear before encryption'));
    const refused = await check(keyB).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConfigError);
    const message = (refused as Error).message;
    expect(message).toContain(`MEDIA_KEY: stored media was encrypted with the key id ${idOf(keyA)}`);
    expect(message).toContain(`MEDIA_KEY has id ${idOf(keyB)}`);
    expect(message).toContain('Set MEDIA_KEY to the key the media was written with');
    expect(message).toContain('MEDIA_KEYS_OLD and run npm run keys:rotate');
    // Nothing recorded for the wrong key.
    expect(await recorded()).toEqual([]);
    // The right key, or the right key kept as an old one, starts.
    await check(keyA);
    await check(keyB, [keyA]);
    expect(await recorded()).toEqual([idOf(keyA), idOf(keyB)].sort());
  });

  it('remembers the keys used: a wrong key is refused even where the sample would not see the object', async () => {
    await check(keyA);
    await createEncryptedStorage(inner, createMediaKeyring(keyA)).put('photos/a.jpg', randomBytes(10));
    // No sample at all: the recorded id alone sends it to read the headers, and it finds the object.
    await expect(check(keyB, [], 0)).rejects.toThrow(idOf(keyA));
  });

  it('forgets a dropped key once keys:rotate has moved every object off it', async () => {
    await check(keyA);
    await createEncryptedStorage(inner, createMediaKeyring(keyA)).put('photos/a.jpg', randomBytes(10));
    await check(keyB, [keyA]);
    await rotateMediaKeys(inner, localKeys(root), createMediaKeyring(keyB, [keyA]), () => {});
    await check(keyB, [], 0);
    expect(await recorded()).toEqual([idOf(keyB)]);
  });
});

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));

/** The real entry point on `dataDir` with `mediaKey`: answers 'started' once healthy, or how it ended. */
async function startWith(dataDir: string, mediaKey: Buffer) {
  const { DATABASE_URL: _db, SMTP_URL: _smtp, ...inherited } = process.env;
  const port = await freePort();
  const child = spawn(process.execPath, serverEntry(), {
    cwd: serverDir,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      APP_SECRET: 'process-test-secret-of-at-least-32-bytes',
      MEDIA_KEY: mediaKey.toString('base64'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  let healthy = false;
  await waitUntil(
    async () => {
      if (child.exitCode !== null) return true;
      healthy = await fetch(`http://127.0.0.1:${port}${API_HEALTH_PATH}`)
        .then((response) => response.ok)
        .catch(() => false);
      return healthy;
    },
    60_000,
    () => `the server started or stopped: ${stderr}`,
  );
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  return { healthy, code: child.exitCode, stderr };
}

describe('a server process started with the wrong MEDIA_KEY', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-keycheck-start-'));
    const media = createLocalStorage(path.join(dataDir, 'media'));
    await createEncryptedStorage(media, createMediaKeyring(keyA)).put(
      'videos/7/video.mp4',
      randomBytes(5000),
    );
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('stops with the message, and starts with the right one', async () => {
    const wrong = await startWith(dataDir, keyB);
    expect(wrong.healthy).toBe(false);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      `Invalid configuration:\n  MEDIA_KEY: stored media was encrypted with the key id ${idOf(keyA)}`,
    );
    const right = await startWith(dataDir, keyA);
    expect(right.healthy, right.stderr).toBe(true);
  }, 150_000);
});
