import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type S3rver from 's3rver';
import { startLocalS3 } from '../../../test/local-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEncryptedStorage } from './encrypted-storage';
import { localKeys, rotateMediaKeys, s3Keys } from './key-rotation';
import { createLocalStorage } from './local-storage';
import { HEADER_SIZE, parseHeader, unwrapDataKey } from './encrypted-format';
import { createMediaKeyring, type MediaKeyring } from './media-keyring';
import { createS3Client, createS3Storage } from './s3-storage';
import type { Storage } from './storage';

async function bytes(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

const oldKey = randomBytes(32);
const newKey = randomBytes(32);
const big = randomBytes(200 * 1024 + 3);
const small = Buffer.from('a photo');

/** Objects under the old key and one stored in the clear; after a rotation only the new key is needed. */
async function rotationContract(inner: Storage, keys: () => AsyncIterable<string>) {
  await createEncryptedStorage(inner, createMediaKeyring(oldKey)).put('videos/1/video.mp4', big);
  await createEncryptedStorage(inner, createMediaKeyring(oldKey)).put('photos/a.jpg', small);
  await inner.put('legacy/plain.txt', Buffer.from('from before'));
  const rotated = createMediaKeyring(newKey, [oldKey]);
  const messages: string[] = [];
  const first = await rotateMediaKeys(inner, keys(), rotated, (m) => messages.push(m));
  expect(first).toEqual({ rewrapped: 2, rekeyed: 0, encrypted: 0, current: 0, plain: 1, gone: 0 });
  expect(messages.at(-1)).toMatch(/^done, 3 objects/);

  const newOnly = createEncryptedStorage(inner, createMediaKeyring(newKey));
  expect((await bytes(await newOnly.read('videos/1/video.mp4'))).equals(big)).toBe(true);
  expect(
    (await bytes(await newOnly.read('videos/1/video.mp4', { start: 65530, end: 131080 }))).equals(
      big.subarray(65530, 131081),
    ),
  ).toBe(true);
  expect((await bytes(await newOnly.read('photos/a.jpg'))).equals(small)).toBe(true);
  expect((await bytes(await newOnly.read('legacy/plain.txt'))).toString()).toBe('from before');
  // A second run finds nothing left to do.
  expect(await rotateMediaKeys(inner, keys(), rotated, () => {})).toEqual({
    rewrapped: 0,
    rekeyed: 0,
    encrypted: 0,
    current: 2,
    plain: 1,
    gone: 0,
  });
  // Encrypting what was stored in the clear: once, then it counts as current.
  const sealing = await rotateMediaKeys(inner, keys(), rotated, () => {}, { encryptPlain: true });
  expect(sealing).toMatchObject({ rewrapped: 0, encrypted: 1, current: 2, plain: 0 });
  expect(await inner.stat('legacy/plain.txt')).not.toEqual({ size: 11 });
  expect((await bytes(await newOnly.read('legacy/plain.txt'))).toString()).toBe('from before');
  expect(await rotateMediaKeys(inner, keys(), rotated, () => {}, { encryptPlain: true })).toMatchObject({
    encrypted: 0,
    current: 3,
  });
}

/** The data key an object is sealed with, unwrapped from its header. */
async function dataKeyOf(inner: Storage, key: string, keyring: MediaKeyring): Promise<Buffer> {
  const head = await bytes(await inner.read(key, { start: 0, end: HEADER_SIZE - 1 }));
  return unwrapDataKey(parseHeader(head), key, keyring);
}

/**
 * A suspected compromise: every object under the old key is sealed again under a new data key, content
 * unchanged; a run stopped half-way and started again finishes, skipping what is done.
 */
async function rekeyContract(inner: Storage, keys: () => AsyncIterable<string>) {
  const old = createMediaKeyring(oldKey);
  const contents = new Map<string, Buffer>([
    ['videos/2/video.mp4', big],
    ['photos/b.jpg', small],
    ['videos/3/thumbnail.jpg', randomBytes(70_000)],
    ['exports/4.zip', Buffer.alloc(0)],
  ]);
  const before = new Map<string, Buffer>();
  for (const [key, content] of contents) {
    await createEncryptedStorage(inner, old).put(key, content);
    before.set(key, await dataKeyOf(inner, key, old));
  }
  const rotated = createMediaKeyring(newKey, [oldKey]);

  // Stopped after two objects (the listing fails, as a killed run would end).
  async function* cut() {
    let given = 0;
    for await (const key of keys()) {
      if (given++ === 2) throw new Error('stopped');
      yield key;
    }
  }
  await expect(rotateMediaKeys(inner, cut(), rotated, () => {}, { rekey: true })).rejects.toThrow('stopped');
  const messages: string[] = [];
  const second = await rotateMediaKeys(inner, keys(), rotated, (m) => messages.push(m), { rekey: true });
  expect(second).toMatchObject({ rekeyed: 2, current: 2, rewrapped: 0 });
  expect(messages.at(-1)).toMatch(/^done, 4 objects: .*"rekeyed":2/);

  const newOnly = createEncryptedStorage(inner, createMediaKeyring(newKey));
  for (const [key, content] of contents) {
    expect((await bytes(await newOnly.read(key))).equals(content)).toBe(true);
    // A new data key, not the old one re-wrapped.
    expect((await dataKeyOf(inner, key, rotated)).equals(before.get(key)!)).toBe(false);
  }
  // Nothing left to do.
  expect(await rotateMediaKeys(inner, keys(), rotated, () => {}, { rekey: true })).toMatchObject({
    rekeyed: 0,
    current: 4,
  });
}

describe('media key rotation', () => {
  let dir: string;
  let server: S3rver | undefined;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-rotate-'));
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('re-wraps every object of a local media folder in place', async () => {
    const root = path.join(dir, 'media');
    await rotationContract(createLocalStorage(root), () => localKeys(root));
    expect((await fs.readdir(path.join(root, 'videos', '1'))).sort()).toEqual(['video.mp4']);
  });

  it('re-keys every object of a local media folder, resuming a run that stopped', async () => {
    const root = path.join(dir, 'rekey');
    await rekeyContract(createLocalStorage(root), () => localKeys(root));
    // Each object replaced whole: no temporary file left beside it.
    expect((await fs.readdir(path.join(root, 'videos', '2'))).sort()).toEqual(['video.mp4']);
  });

  it('counts an object deleted between its listing and its read as gone, and rotates the rest', async () => {
    const root = path.join(dir, 'racing');
    const inner = createLocalStorage(root);
    const old = createEncryptedStorage(inner, createMediaKeyring(oldKey));
    await old.put('sources/3/0', big);
    await old.put('videos/3/video.mp4', big);
    const racing: Storage = {
      ...inner,
      async read(key, range, options) {
        // The running server deletes a converted video's source just after the rotation listed it.
        if (key === 'sources/3/0') await inner.delete(key);
        return inner.read(key, range, options);
      },
    };
    const rotated = createMediaKeyring(newKey, [oldKey]);
    expect(await rotateMediaKeys(racing, localKeys(root), rotated, () => {})).toEqual({
      rewrapped: 1,
      rekeyed: 0,
      encrypted: 0,
      current: 0,
      plain: 0,
      gone: 1,
    });
    expect(await inner.stat('sources/3/0')).toBeNull();
    const newOnly = createEncryptedStorage(inner, createMediaKeyring(newKey));
    expect((await bytes(await newOnly.read('videos/3/video.mp4'))).equals(big)).toBe(true);
  });

  it('re-wraps every object of a bucket', async () => {
    const local = await startLocalS3(path.join(dir, 's3'));
    server = local.server;
    const settings = local.settings;
    const client = createS3Client(settings);
    await rotationContract(createS3Storage({ bucket: 'media', ...settings, client }), () =>
      s3Keys(client, 'media'),
    );
    await client.send(new CreateBucketCommand({ Bucket: 'rekey' }));
    await rekeyContract(createS3Storage({ bucket: 'rekey', ...settings, client }), () =>
      s3Keys(client, 'rekey'),
    );
  });
});
