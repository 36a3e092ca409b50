import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '@pw/contracts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { signedMediaUrl } from '../http/signed-url';
import { resolveMediaKeyring } from '../secrets';
import { localKeys, rotateMediaKeys } from './key-rotation';
import { createLocalStorage } from './local-storage';
import { recordEncryptedOnly, settlePlaintextPolicy } from './plaintext-policy';

/** A clip's bytes as they would sit in the clear: what an attacker with write access plants. */
const planted = Buffer.concat([Buffer.from('\0\0\0\x20ftypisom', 'latin1'), randomBytes(4000)]);

async function plant(dataDir: string, key: string) {
  const file = path.join(dataDir, 'media', key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, planted);
}

describe('objects stored without encryption', () => {
  const contexts: TestContext[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const ctx of contexts) await ctx.close();
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });
  const get = (ctx: TestContext, key: string) =>
    ctx.app.inject({ method: 'GET', url: signedMediaUrl(ctx.deps.secret, key, ctx.clock.now()) });

  it('on a new installation: a planted plaintext object is refused as damaged (410), its key logged', async () => {
    const lines: Array<{ key?: string; msg: string }> = [];
    const logger = pino(
      { level: 'error' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()) as { key?: string; msg: string });
          done();
        },
      }),
    );
    const ctx = await createTestContext({}, { logger });
    contexts.push(ctx);
    await ctx.deps.storage.put('videos/1/video.mp4', Buffer.from('sealed by the server'));
    await plant(ctx.dataDir, 'videos/2/video.mp4');

    expect((await get(ctx, 'videos/1/video.mp4')).body).toBe('sealed by the server');
    const refused = await get(ctx, 'videos/2/video.mp4');
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toBe(MEDIA_MESSAGES.damaged);
    expect(refused.rawPayload.includes(planted.subarray(0, 16))).toBe(false);
    expect(lines).toContainEqual(
      expect.objectContaining({ key: 'videos/2/video.mp4', msg: expect.stringContaining('damaged media') }),
    );
  }, 120_000);

  it('on an installation from before encryption: served as before, until --encrypt-plain finds none left', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-plain-'));
    dirs.push(dataDir);
    await plant(dataDir, 'videos/3/video.mp4');
    const ctx = await createTestContext({ DATA_DIR: dataDir });
    contexts.push(ctx);
    const served = await get(ctx, 'videos/3/video.mp4');
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(planted)).toBe(true);

    const root = path.join(dataDir, 'media');
    const keys = () => localKeys(root);
    expect(await settlePlaintextPolicy(ctx.deps.db, keys)).toBe(false);
    const keyring = resolveMediaKeyring(undefined, undefined, dataDir);
    const inner = createLocalStorage(root);
    const record = () => recordEncryptedOnly(ctx.deps.db);
    // A run that leaves objects in the clear records nothing.
    await rotateMediaKeys(inner, keys(), keyring, () => {}, { onAllEncrypted: record });
    expect(await settlePlaintextPolicy(ctx.deps.db, keys)).toBe(false);
    const report = await rotateMediaKeys(inner, keys(), keyring, () => {}, {
      encryptPlain: true,
      onAllEncrypted: record,
    });
    expect(report).toMatchObject({ encrypted: 1, plain: 0 });
    // Recorded for good: the next start refuses plaintext, the object itself reads as before.
    expect(await settlePlaintextPolicy(ctx.deps.db, keys)).toBe(true);
    expect((await get(ctx, 'videos/3/video.mp4')).rawPayload.equals(planted)).toBe(true);
  }, 120_000);
});
