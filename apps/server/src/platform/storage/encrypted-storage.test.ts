import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCipheriv, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER_SIZE, MAGIC, TAG_SIZE, newHeader, parseHeader, unwrapDataKey } from './encrypted-format';
import { createEncryptedStorage } from './encrypted-storage';
import { createLocalStorage } from './local-storage';
import { createMediaKeyring } from './media-keyring';
import type { Storage } from './storage';

const CHUNK = 64 * 1024;

/**
 * The sealed chunks of the documented layout, written the plain way (one cipher and one buffer per
 * chunk, as the first version of the format did): what the storage writes must be exactly this, and
 * what this writes (objects stored earlier, other chunk sizes) must read.
 */
function referenceChunks(
  dataKey: Buffer,
  prefix: Buffer,
  objectKey: string,
  plain: Buffer,
  chunkSize: number,
) {
  const parts: Buffer[] = [];
  const count = Math.max(1, Math.ceil(plain.length / chunkSize));
  for (let index = 0; index < count; index += 1) {
    const nonce = Buffer.concat([prefix, Buffer.alloc(4)]);
    nonce.writeUInt32BE(index, 8);
    const tail = Buffer.alloc(5);
    tail.writeUInt32BE(index, 0);
    tail[4] = index === count - 1 ? 1 : 0;
    const cipher = createCipheriv('aes-256-gcm', dataKey, nonce);
    cipher.setAAD(Buffer.concat([Buffer.from(objectKey, 'utf8'), tail]));
    parts.push(cipher.update(plain.subarray(index * chunkSize, (index + 1) * chunkSize)), cipher.final());
    parts.push(cipher.getAuthTag());
  }
  return Buffer.concat(parts);
}

async function bytes(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** The stream's bytes again, in pieces of `size`. */
async function* rechunk(stream: Readable, size: number) {
  const whole = await bytes(stream);
  for (let at = 0; at < whole.length; at += size) yield whole.subarray(at, at + size);
}

describe('encrypted storage', () => {
  let root: string;
  let plain: Storage;
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  let storage: Storage;
  // Sizes around the chunk borders: empty, one byte, one chunk exactly, one more, several chunks and a bit.
  const sizes = [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 3 * CHUNK + 12345];
  const sources = new Map(sizes.map((size) => [size, randomBytes(size)]));

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-encrypted-'));
    plain = createLocalStorage(root);
    storage = createEncryptedStorage(plain, createMediaKeyring(newKey, [oldKey]));
    for (const [size, source] of sources) {
      // Streamed in odd pieces, so chunk borders never line up with the writes.
      const pieces = [];
      for (let at = 0; at < source.length; at += 7777) pieces.push(source.subarray(at, at + 7777));
      expect((await storage.put(`obj/${size}`, Readable.from(pieces))).size).toBe(size);
    }
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('round-trips every size and reports the plaintext size; the stored bytes are not the plaintext', async () => {
    for (const [size, source] of sources) {
      expect(await storage.stat(`obj/${size}`)).toEqual({ size });
      expect((await bytes(await storage.read(`obj/${size}`))).equals(source)).toBe(true);
      const stored = await fs.readFile(path.join(root, 'obj', String(size)));
      expect(stored.subarray(0, MAGIC.length).equals(MAGIC)).toBe(true);
      expect(stored.length).toBe(HEADER_SIZE + size + TAG_SIZE * Math.max(1, Math.ceil(size / CHUNK)));
      if (size >= 64) expect(stored.includes(source.subarray(size - 64))).toBe(false);
    }
  });

  it('answers every range around the chunk borders with exactly the source bytes', async () => {
    const size = 3 * CHUNK + 12345;
    const source = sources.get(size)!;
    const points = [
      0,
      1,
      CHUNK - 1,
      CHUNK,
      CHUNK + 1,
      2 * CHUNK - 1,
      2 * CHUNK,
      3 * CHUNK,
      size - 2,
      size - 1,
    ];
    for (const start of points)
      for (const end of points) {
        if (end < start) continue;
        const got = await bytes(await storage.read(`obj/${size}`, { start, end }));
        expect(got.equals(source.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
      }
  });

  it('fails on a changed byte, in the header or any chunk', async () => {
    const source = sources.get(CHUNK + 1)!;
    for (const at of [20, 50, HEADER_SIZE + 5, HEADER_SIZE + CHUNK + TAG_SIZE + 2]) {
      await storage.put('tamper', source);
      const file = path.join(root, 'tamper');
      const stored = await fs.readFile(file);
      stored[at] = stored[at]! ^ 1;
      await fs.writeFile(file, stored);
      await expect((async () => bytes(await storage.read('tamper')))(), `byte ${at}`).rejects.toThrow();
    }
  });

  it('fails on a cut-off object, also when cut at a chunk border', async () => {
    const source = sources.get(3 * CHUNK)!;
    await storage.put('cut', source);
    const file = path.join(root, 'cut');
    const stored = await fs.readFile(file);
    for (const length of [stored.length - 1, HEADER_SIZE + 2 * (CHUNK + TAG_SIZE), HEADER_SIZE + 3]) {
      await fs.writeFile(file, stored.subarray(0, length));
      await expect((async () => bytes(await storage.read('cut')))(), `cut to ${length}`).rejects.toThrow();
    }
  });

  it('refuses to read with the wrong key, and still reads with an old key after a rotation', async () => {
    const source = sources.get(CHUNK + 1)!;
    const before = createEncryptedStorage(plain, createMediaKeyring(oldKey));
    await before.put('rotated', source);
    // The newest key wraps new objects; the old one (listed as older) still opens this one.
    expect((await bytes(await storage.read('rotated'))).equals(source)).toBe(true);
    const stranger = createEncryptedStorage(plain, createMediaKeyring(randomBytes(32)));
    await expect((async () => bytes(await stranger.read('rotated')))()).rejects.toThrow(/key/);
    const onlyNew = createEncryptedStorage(plain, createMediaKeyring(newKey));
    await expect((async () => bytes(await onlyNew.read('rotated')))()).rejects.toThrow(/key/);
  });

  it('reads objects stored before encryption as they are, whole and by range', async () => {
    await plain.put('legacy.txt', Buffer.from('stored in the clear before'));
    expect(await storage.stat('legacy.txt')).toEqual({ size: 26 });
    expect((await bytes(await storage.read('legacy.txt', { start: 14, end: 18 }))).toString()).toBe('clear');
  });

  it('moves a local file in encrypted; the file is gone afterwards', async () => {
    const local = path.join(root, 'incoming.bin');
    const source = sources.get(CHUNK + 1)!;
    await fs.writeFile(local, source);
    expect((await storage.putFile('moved/file.bin', local)).size).toBe(source.length);
    await expect(fs.stat(local)).rejects.toThrow();
    expect((await bytes(await storage.read('moved/file.bin'))).equals(source)).toBe(true);
    expect((await fs.readFile(path.join(root, 'moved/file.bin'))).includes(source.subarray(0, 64))).toBe(
      false,
    );
  });

  it('binds each object to its key: a copy under another key does not open', async () => {
    const source = sources.get(1)!;
    await storage.put('a/one', source);
    await fs.mkdir(path.join(root, 'b'), { recursive: true });
    await fs.copyFile(path.join(root, 'a/one'), path.join(root, 'b/one'));
    await expect((async () => bytes(await storage.read('b/one')))()).rejects.toThrow();
  });

  it('writes exactly the documented layout, whatever pieces the plaintext arrives in', async () => {
    const source = sources.get(3 * CHUNK + 12345)!;
    const keyring = createMediaKeyring(newKey);
    const pieceSizes = [7, 4096, CHUNK - 1, CHUNK, CHUNK + TAG_SIZE, 1024 * 1024];
    for (const pieceSize of pieceSizes) {
      const pieces = [];
      for (let at = 0; at < source.length; at += pieceSize) pieces.push(source.subarray(at, at + pieceSize));
      await storage.put('layout', Readable.from(pieces));
      const stored = await fs.readFile(path.join(root, 'layout'));
      const header = parseHeader(stored);
      const dataKey = unwrapDataKey(header, 'layout', keyring);
      const expected = referenceChunks(dataKey, header.noncePrefix, 'layout', source, CHUNK);
      expect(stored.subarray(HEADER_SIZE).equals(expected), `pieces of ${pieceSize}`).toBe(true);
    }
  });

  it('reads objects sealed the plain way, with the usual or any other chunk size, whole and by range', async () => {
    const keyring = createMediaKeyring(newKey);
    const source = randomBytes(5 * CHUNK + 777);
    // Chunk sizes that line up with nothing: not with the inner storage's reads, nor with each other.
    for (const chunkSize of [CHUNK, 1000, 100_003, 7 * CHUNK]) {
      const key = `sealed/${chunkSize}`;
      const { header, dataKey, noncePrefix } = newHeader(key, keyring, chunkSize);
      await plain.put(
        key,
        Buffer.concat([header, referenceChunks(dataKey, noncePrefix, key, source, chunkSize)]),
      );
      expect(await storage.stat(key)).toEqual({ size: source.length });
      expect((await bytes(await storage.read(key))).equals(source), `whole, chunks of ${chunkSize}`).toBe(
        true,
      );
      for (const [start, end] of [
        [0, 0],
        [999, 1000],
        [chunkSize - 1, chunkSize + 1],
        [12_345, 3 * CHUNK],
        [source.length - 5000, source.length - 1],
      ] as const) {
        const got = await bytes(await storage.read(key, { start, end }));
        expect(got.equals(source.subarray(start, end + 1)), `${start}-${end}, chunks of ${chunkSize}`).toBe(
          true,
        );
      }
    }
  });

  it('reads right whatever pieces the inner storage streams in (as a network does), ignoring the hint', async () => {
    const size = 3 * CHUNK + 12345;
    const source = sources.get(size)!;
    for (const piece of [13, 7777, CHUNK + TAG_SIZE - 1, CHUNK + TAG_SIZE + 1]) {
      const choppy: Storage = {
        ...plain,
        read: async (key, range) => Readable.from(rechunk(await plain.read(key, range), piece)),
      };
      const reading = createEncryptedStorage(choppy, createMediaKeyring(newKey, [oldKey]));
      expect((await bytes(await reading.read(`obj/${size}`))).equals(source), `pieces of ${piece}`).toBe(
        true,
      );
      for (const [start, end] of [
        [1, CHUNK],
        [CHUNK + 3, size - 2],
      ] as const) {
        const got = await bytes(await reading.read(`obj/${size}`, { start, end }));
        expect(got.equals(source.subarray(start, end + 1)), `${start}-${end}, pieces of ${piece}`).toBe(true);
      }
    }
  });

  it('answers "not found" for a missing key, as the inner storage does', async () => {
    expect(await storage.stat('nowhere/missing')).toBeNull();
    await expect((async () => bytes(await storage.read('nowhere/missing')))()).rejects.toThrow(/ENOENT/);
  });
});
