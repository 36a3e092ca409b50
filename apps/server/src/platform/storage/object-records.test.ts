import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type S3rver from 's3rver';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import { startLocalS3 } from '../../../test/local-s3';
import { FakeClock } from '../clock';
import type { Database } from '../db';
import { HEADER_SIZE } from './encrypted-format';
import { createEncryptedStorage } from './encrypted-storage';
import { CHECK_EVERY_DAYS, sliceSize, summarize, verifyAll } from './integrity';
import { createLocalStorage } from './local-storage';
import { createMediaKeyring } from './media-keyring';
import { createObjectRecords, createRecordingStorage, type ObjectRecords } from './object-records';
import { storedObjectRecords } from './object-records.schema';
import { createS3Client, createS3Storage } from './s3-storage';
import type { Storage } from './storage';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Odd pieces, so nothing lines up with the encryption's chunks. */
const pieces = (source: Buffer) => {
  const list: Buffer[] = [];
  for (let at = 0; at < source.length; at += 7777) list.push(source.subarray(at, at + 7777));
  return Readable.from(list);
};
async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('the sweep’s pace', () => {
  it('checks every object within the cycle, whatever the count, at least one a run', () => {
    const every = 6 * 3600;
    const runs = (CHECK_EVERY_DAYS * 86_400) / every;
    for (const total of [0, 1, 7, 119, 120, 121, 10_000, 1_234_567]) {
      const slice = sliceSize(total, every);
      expect(slice).toBeGreaterThanOrEqual(1);
      expect(slice * runs, `${total}`).toBeGreaterThanOrEqual(total);
      // A few percent a day, not the whole store: 4 runs a day.
      if (total >= 10_000) expect((slice * 4) / total).toBeLessThan(0.04);
    }
  });
});

describe('recording storage', () => {
  let root: string;
  let database: Database;
  let drop: () => Promise<void>;
  let objects: ObjectRecords;
  let storage: Storage;
  const clock = new FakeClock(new Date('2026-11-20T08:00:00Z'));
  const record = async (key: string) =>
    (await database.db.select().from(storedObjectRecords).where(eq(storedObjectRecords.key, key)))[0];

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-records-'));
    ({ database, drop } = await createTestDatabase());
    objects = createObjectRecords(database.db);
    const sealed = createEncryptedStorage(
      createLocalStorage(path.join(root, 'media')),
      createMediaKeyring(randomBytes(32)),
    );
    storage = createRecordingStorage(sealed, objects, clock);
  });
  afterAll(async () => {
    await drop();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('records the plaintext size and SHA-256 of a buffer, a stream and a file as they are written', async () => {
    const small = randomBytes(1000);
    const large = randomBytes(5 * 64 * 1024 + 321);
    const file = randomBytes(200_000);
    const local = path.join(root, 'upload.bin');
    await fs.writeFile(local, file);

    expect(await storage.put('a/buffer', small)).toEqual({ size: small.length });
    expect(await storage.put('a/stream', pieces(large))).toEqual({ size: large.length });
    expect(await storage.putFile('a/file', local)).toEqual({ size: file.length });
    await expect(fs.stat(local)).rejects.toThrow();

    for (const [key, source] of [
      ['a/buffer', small],
      ['a/stream', large],
      ['a/file', file],
    ] as const) {
      expect(await record(key)).toMatchObject({
        size: source.length,
        sha256: sha256(source),
        writtenAt: clock.now(),
        verifiedAt: clock.now(),
        damagedAt: null,
      });
      expect((await bytesOf(await storage.read(key))).equals(source)).toBe(true);
    }
  });

  it('a write that fails leaves the earlier object and its record as they were', async () => {
    const first = randomBytes(3000);
    await storage.put('a/kept', first);
    const sealed = createEncryptedStorage(
      createLocalStorage(path.join(root, 'media')),
      createMediaKeyring(randomBytes(32)),
    );
    const full = createRecordingStorage(
      {
        ...sealed,
        put: async (_key, body) => {
          if (!Buffer.isBuffer(body)) await bytesOf(body);
          throw new Error('no space left on device');
        },
      },
      objects,
      clock,
    );
    clock.advance(1000);
    await expect(full.put('a/kept', pieces(randomBytes(5000)))).rejects.toThrow('no space');
    await expect(full.put('a/kept', randomBytes(10))).rejects.toThrow('no space');
    expect(await record('a/kept')).toMatchObject({ size: first.length, sha256: sha256(first) });
    expect((await bytesOf(await storage.read('a/kept'))).equals(first)).toBe(true);
  });

  it('a rewrite replaces the record and clears an earlier damage', async () => {
    await storage.put('a/again', randomBytes(10));
    await objects.damaged('a/again', clock.now(), 'altered', clock.now());
    clock.advance(1000);
    const second = randomBytes(20);
    await storage.put('a/again', second);
    expect(await record('a/again')).toMatchObject({
      size: 20,
      sha256: sha256(second),
      damage: null,
      damagedAt: null,
      writtenAt: clock.now(),
    });
  });

  it('a delete forgets the record', async () => {
    await storage.put('a/gone', randomBytes(10));
    await storage.delete('a/gone');
    expect(await record('a/gone')).toBeUndefined();
    expect(await storage.stat('a/gone')).toBeNull();
  });

  it('an object deleted between the check’s look at it and its read is neither a damage nor a failed check', async () => {
    await storage.put('a/deleted-meanwhile', randomBytes(10));
    const racing: Storage = {
      ...storage,
      async read(key, range, options) {
        // The running server deletes it just after the check saw it (media:verify runs beside it).
        if (key === 'a/deleted-meanwhile') await storage.delete(key);
        return storage.read(key, range, options);
      },
    };
    clock.advance(1000);
    const report = await verifyAll({ storage: racing, objects, clock });
    expect(report.damaged.filter(({ key }) => key === 'a/deleted-meanwhile')).toEqual([]);
    expect(await record('a/deleted-meanwhile')).toBeUndefined();
  });

  it('a damage seen while the object was being rewritten is not recorded against the new write', async () => {
    await storage.put('a/racing', randomBytes(10));
    const before = (await record('a/racing'))!;
    clock.advance(1000);
    await storage.put('a/racing', randomBytes(10));
    expect(await objects.damaged('a/racing', before.writtenAt, 'altered', clock.now())).toBe(false);
    expect((await record('a/racing'))!.damagedAt).toBeNull();
  });
});

describe('checks on S3-compatible storage (s3rver)', () => {
  let dir: string;
  let server: S3rver;
  let database: Database;
  let drop: () => Promise<void>;
  let objects: ObjectRecords;
  let storage: Storage;
  let inner: Storage;
  let client: ReturnType<typeof createS3Client>;
  const clock = new FakeClock(new Date('2026-11-20T08:00:00Z'));
  const sources = {
    intact: randomBytes(70_000),
    missing: randomBytes(70_000),
    altered: randomBytes(140_000),
  };
  const old = randomBytes(5000);

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-s3-integrity-'));
    const local = await startLocalS3(dir);
    server = local.server;
    client = createS3Client(local.settings);
    inner = createS3Storage({ bucket: 'media', ...local.settings, client });
    ({ database, drop } = await createTestDatabase());
    objects = createObjectRecords(database.db);
    const keyring = createMediaKeyring(randomBytes(32));
    storage = createRecordingStorage(createEncryptedStorage(inner, keyring), objects, clock);
    for (const [name, source] of Object.entries(sources)) await storage.put(`videos/${name}.mp4`, source);
    // Stored before records existed: in the bucket, encrypted, with no record.
    await createEncryptedStorage(inner, keyring).put('photos/old.png', old);
  });
  afterAll(async () => {
    await drop();
    await server.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('finds a deleted object and one with a byte flipped, records the old one, leaves the rest intact', async () => {
    await client.send(new DeleteObjectCommand({ Bucket: 'media', Key: 'videos/missing.mp4' }));
    const sealed = await bytesOf(await inner.read('videos/altered.mp4'));
    sealed[HEADER_SIZE + 70_000] = sealed[HEADER_SIZE + 70_000]! ^ 0x80;
    await inner.put('videos/altered.mp4', sealed);

    clock.advance(60_000);
    const report = await verifyAll({ storage, objects, clock });
    expect(report).toMatchObject({ checked: 4, intact: 1, recorded: 1, listed: 1 });
    expect(report.damaged.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'videos/altered.mp4', damage: 'altered' },
      { key: 'videos/missing.mp4', damage: 'missing' },
    ]);
    expect(summarize(report)[0]).toBe(
      '4 objects checked: 1 intact, 1 read for the first time and recorded, 2 damaged (1 found without a record)',
    );
    const [oldRecord] = await database.db
      .select()
      .from(storedObjectRecords)
      .where(eq(storedObjectRecords.key, 'photos/old.png'));
    expect(oldRecord).toMatchObject({ size: old.length, sha256: sha256(old), damagedAt: null });
    expect(await objects.damagedCount()).toBe(2);
  });
});
