import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DecryptStream,
  EncryptStream,
  HEADER_SIZE,
  MediaDecryptionError,
  TAG_SIZE,
  isEncrypted,
  parseHeader,
  plaintextSize,
  unwrapDataKey,
  type ObjectHeader,
} from './encrypted-format';
import type { MediaKeyring } from './media-keyring';
import type { ByteRange, Storage } from './storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

type Layout =
  | { kind: 'plain'; storedSize: number }
  | { kind: 'encrypted'; storedSize: number; size: number; header: ObjectHeader };

/**
 * Encrypts every object on its way into any Storage and decrypts it on the way out (decision 0296):
 * callers see plaintext sizes and plaintext byte ranges, the inner storage only ever holds ciphertext.
 * A range read fetches just the header and the chunks covering the range. Objects stored before
 * encryption (no header) are read as they are.
 */
export function createEncryptedStorage(inner: Storage, keyring: MediaKeyring): Storage {
  async function layout(key: string): Promise<Layout | null> {
    const stored = await inner.stat(key);
    if (!stored) return null;
    if (stored.size < HEADER_SIZE) return { kind: 'plain', storedSize: stored.size };
    const head = await readAll(await inner.read(key, { start: 0, end: HEADER_SIZE - 1 }));
    if (!isEncrypted(head)) return { kind: 'plain', storedSize: stored.size };
    const header = parseHeader(head);
    const size = plaintextSize(stored.size, header.chunkSize);
    if (size === null) throw new MediaDecryptionError(`Truncated media object: ${key}`);
    return { kind: 'encrypted', storedSize: stored.size, size, header };
  }

  async function put(key: string, body: Readable | Buffer) {
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    const sealing = new EncryptStream(key, keyring);
    source.once('error', (error) => sealing.destroy(error));
    source.pipe(sealing);
    await inner.put(key, sealing, 'application/octet-stream');
    return { size: sealing.plainBytes };
  }

  return {
    put,
    async putFile(key, localPath) {
      const stored = await put(key, fs.createReadStream(localPath));
      await fsp.rm(localPath, { force: true });
      return stored;
    },
    async stat(key) {
      const found = await layout(key);
      if (!found) return null;
      return { size: found.kind === 'plain' ? found.storedSize : found.size };
    },
    async read(key, range?: ByteRange) {
      const found = await layout(key);
      if (!found) return inner.read(key, range); // the inner storage's own "not found"
      if (found.kind === 'plain') return inner.read(key, range);
      const { header, size } = found;
      const dataKey = unwrapDataKey(header, key, keyring);
      const start = range?.start ?? 0;
      const end = Math.min(range?.end ?? size - 1, size - 1);
      const length = Math.max(0, end - start + 1);
      const finalChunk = Math.max(0, Math.ceil(size / header.chunkSize) - 1);
      const firstChunk = Math.min(Math.floor(start / header.chunkSize), finalChunk);
      const lastChunk = length ? Math.floor(end / header.chunkSize) : firstChunk;
      const sealedSize = header.chunkSize + TAG_SIZE;
      const sealed = await inner.read(key, {
        start: HEADER_SIZE + firstChunk * sealedSize,
        end: Math.min(HEADER_SIZE + (lastChunk + 1) * sealedSize, found.storedSize) - 1,
      });
      const opening = new DecryptStream({
        dataKey,
        header,
        objectKey: key,
        firstChunk,
        lastChunk,
        finalChunk,
        skip: start - firstChunk * header.chunkSize,
        length,
      });
      sealed.once('error', (error) => opening.destroy(error));
      return sealed.pipe(opening);
    },
    delete: (key) => inner.delete(key),
    ...(inner.keys ? { keys: () => inner.keys!() } : {}),
  };
}
