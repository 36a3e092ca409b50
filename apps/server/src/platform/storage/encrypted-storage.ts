import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DecryptStream,
  EncryptStream,
  HEADER_SIZE,
  MediaDecryptionError,
  PlaintextObjectError,
  STREAM_BUFFER,
  TAG_SIZE,
  isEncrypted,
  parseHeader,
  plaintextSize,
  unwrapDataKey,
  type ObjectHeader,
} from './encrypted-format';
import type { MediaKeyring } from './media-keyring';
import type { PlaintextPolicy } from './plaintext-policy';
import type { ByteRange, ReadOptions, Storage } from './storage';

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
 * encryption (no header) are read as they are, unless `plaintext.refused` (every object is known to be
 * encrypted): then such an object is a damage, refused with a PlaintextObjectError and `onPlaintext` told.
 */
export function createEncryptedStorage(
  inner: Storage,
  keyring: MediaKeyring,
  options: { plaintext?: PlaintextPolicy; onPlaintext?: (key: string) => void } = {},
): Storage {
  const plain = (key: string, storedSize: number): Layout => {
    if (!options.plaintext?.refused) return { kind: 'plain', storedSize };
    options.onPlaintext?.(key);
    throw new PlaintextObjectError(key);
  };

  /** The first bytes of an object, or the error reading them (an empty or missing object has none). */
  const readHead = (key: string) =>
    inner
      .read(key, { start: 0, end: HEADER_SIZE - 1 })
      .then(readAll)
      .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));

  async function layout(key: string): Promise<Layout | null> {
    // The size and the header are asked for together: one wait instead of two (on S3, two requests
    // in parallel instead of one after the other).
    const [stored, head] = await Promise.all([inner.stat(key), readHead(key)]);
    if (!stored) return null;
    if (stored.size < HEADER_SIZE) return plain(key, stored.size);
    if (head instanceof Error) throw head;
    if (!isEncrypted(head)) return plain(key, stored.size);
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
      const stored = await put(key, fs.createReadStream(localPath, { highWaterMark: STREAM_BUFFER }));
      await fsp.rm(localPath, { force: true });
      return stored;
    },
    async stat(key) {
      const found = await layout(key);
      if (!found) return null;
      return { size: found.kind === 'plain' ? found.storedSize : found.size };
    },
    async read(key, range?: ByteRange, options?: ReadOptions) {
      const found = await layout(key);
      if (!found) return inner.read(key, range); // the inner storage's own "not found"
      if (found.kind === 'plain') return inner.read(key, range, options);
      const { header, size } = found;
      const dataKey = unwrapDataKey(header, key, keyring);
      const start = range?.start ?? 0;
      const end = Math.min(range?.end ?? size - 1, size - 1);
      const length = Math.max(0, end - start + 1);
      const finalChunk = Math.max(0, Math.ceil(size / header.chunkSize) - 1);
      const firstChunk = Math.min(Math.floor(start / header.chunkSize), finalChunk);
      const lastChunk = length ? Math.floor(end / header.chunkSize) : firstChunk;
      const sealedSize = header.chunkSize + TAG_SIZE;
      // Pieces of whole sealed chunks, about 1 MiB: no chunk spans two reads of a local file.
      const sealed = await inner.read(
        key,
        {
          start: HEADER_SIZE + firstChunk * sealedSize,
          end: Math.min(HEADER_SIZE + (lastChunk + 1) * sealedSize, found.storedSize) - 1,
        },
        { pieceSize: Math.max(1, Math.floor(STREAM_BUFFER / sealedSize)) * sealedSize },
      );
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
