import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { MediaKeyring } from './media-keyring';

/**
 * The on-disk format of an encrypted media object (decision 0296):
 *
 *   header (89 bytes)                      chunks
 *   magic "PWMEDIAE" | version 1 | key id (8) | chunk size (u32 BE) | nonce prefix (8)
 *   | wrap nonce (12) | wrapped data key (32) | wrap tag (16)      then per chunk: ciphertext | tag (16)
 *
 * Every chunk holds `chunkSize` plaintext bytes but the last, which holds 0..chunkSize (an empty object
 * is one empty final chunk). The plaintext size is not written in the header (a stream's length is not
 * known when its header goes out); it follows from the stored size, and the final-chunk flag in each
 * chunk's AAD makes a cut-off object fail instead of reading as a shorter one.
 */
export const MAGIC = Buffer.from('PWMEDIAE', 'latin1');
export const FORMAT_VERSION = 1;
export const HEADER_SIZE = 89;
export const TAG_SIZE = 16;
export const DEFAULT_CHUNK_SIZE = 64 * 1024;

const VERSION_AT = 8;
const KEY_ID_AT = 9;
const CHUNK_SIZE_AT = 17;
const PREFIX_AT = 21;
const WRAP_NONCE_AT = 29;
const WRAPPED_KEY_AT = 41;
const WRAP_TAG_AT = 73;

/** Buffers of 1 MiB each way (instead of 16 KiB): far fewer pauses, still bounded memory per stream. */
export const STREAM_BUFFER = 1024 * 1024;

export class MediaDecryptionError extends Error {}

/**
 * An object without the encryption header where every object is encrypted: planted or swapped, never
 * served (a damage like a refused tag: the integrity check counts it altered).
 */
export class PlaintextObjectError extends MediaDecryptionError {
  constructor(readonly key: string) {
    super(`Media object stored without encryption where every object is encrypted: ${key}`);
  }
}

export interface ObjectHeader {
  keyId: Buffer;
  chunkSize: number;
  noncePrefix: Buffer;
  raw: Buffer;
}

export const isEncrypted = (head: Buffer) =>
  head.length >= HEADER_SIZE && head.subarray(0, MAGIC.length).equals(MAGIC);

/** The wrapped key is bound to its object: the header's fields before it and the object's storage key. */
const wrapAad = (header: Buffer, objectKey: string) =>
  Buffer.concat([header.subarray(0, WRAP_NONCE_AT), Buffer.from(objectKey, 'utf8')]);

function wrapInto(header: Buffer, objectKey: string, keyring: MediaKeyring, dataKey: Buffer) {
  keyring.current.id.copy(header, KEY_ID_AT);
  const nonce = randomBytes(12);
  nonce.copy(header, WRAP_NONCE_AT);
  const cipher = createCipheriv('aes-256-gcm', keyring.current.key, nonce);
  cipher.setAAD(wrapAad(header, objectKey));
  const wrapped = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  wrapped.copy(header, WRAPPED_KEY_AT);
  cipher.getAuthTag().copy(header, WRAP_TAG_AT);
}

export function newHeader(objectKey: string, keyring: MediaKeyring, chunkSize = DEFAULT_CHUNK_SIZE) {
  const header = Buffer.alloc(HEADER_SIZE);
  MAGIC.copy(header, 0);
  header[VERSION_AT] = FORMAT_VERSION;
  header.writeUInt32BE(chunkSize, CHUNK_SIZE_AT);
  const noncePrefix = randomBytes(8);
  noncePrefix.copy(header, PREFIX_AT);
  const dataKey = randomBytes(32);
  wrapInto(header, objectKey, keyring, dataKey);
  return { header, dataKey, noncePrefix, chunkSize };
}

export function parseHeader(raw: Buffer): ObjectHeader {
  if (!isEncrypted(raw) || raw[VERSION_AT] !== FORMAT_VERSION)
    throw new MediaDecryptionError('Unknown media object format');
  const chunkSize = raw.readUInt32BE(CHUNK_SIZE_AT);
  if (chunkSize < 1) throw new MediaDecryptionError('Invalid chunk size');
  return {
    keyId: raw.subarray(KEY_ID_AT, KEY_ID_AT + 8),
    chunkSize,
    noncePrefix: raw.subarray(PREFIX_AT, PREFIX_AT + 8),
    raw: raw.subarray(0, HEADER_SIZE),
  };
}

export function unwrapDataKey(header: ObjectHeader, objectKey: string, keyring: MediaKeyring): Buffer {
  const kek = keyring.find(header.keyId);
  if (!kek) throw new MediaDecryptionError('The media object was encrypted with a key not configured');
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      kek.key,
      header.raw.subarray(WRAP_NONCE_AT, WRAP_NONCE_AT + 12),
    );
    decipher.setAAD(wrapAad(header.raw, objectKey));
    decipher.setAuthTag(header.raw.subarray(WRAP_TAG_AT, WRAP_TAG_AT + TAG_SIZE));
    return Buffer.concat([
      decipher.update(header.raw.subarray(WRAPPED_KEY_AT, WRAPPED_KEY_AT + 32)),
      decipher.final(),
    ]);
  } catch {
    throw new MediaDecryptionError('The media object key could not be unwrapped');
  }
}

/** The same header with its data key wrapped by the keyring's current key (a rotation). */
export function rewrapHeader(raw: Buffer, objectKey: string, keyring: MediaKeyring): Buffer {
  const header = parseHeader(raw);
  const dataKey = unwrapDataKey(header, objectKey, keyring);
  const rewrapped = Buffer.from(header.raw);
  wrapInto(rewrapped, objectKey, keyring, dataKey);
  return rewrapped;
}

/** Stored bytes → plaintext bytes (null when the stored size cannot be a valid object). */
export function plaintextSize(storedSize: number, chunkSize: number): number | null {
  const body = storedSize - HEADER_SIZE;
  if (body < TAG_SIZE) return null;
  const chunks = Math.ceil(body / (chunkSize + TAG_SIZE));
  const last = body - (chunks - 1) * (chunkSize + TAG_SIZE);
  if (last < TAG_SIZE) return null;
  return body - chunks * TAG_SIZE;
}

/**
 * The nonce and AAD of each chunk (see the layout above), built in two buffers kept for the whole
 * object: the cipher copies both when it is made, so only the index and the final flag change.
 */
class ChunkParams {
  readonly nonce = Buffer.alloc(12);
  readonly aad: Buffer;

  constructor(prefix: Buffer, objectKey: string) {
    prefix.copy(this.nonce, 0);
    const key = Buffer.from(objectKey, 'utf8');
    this.aad = Buffer.alloc(key.length + 5);
    key.copy(this.aad, 0);
  }

  set(index: number, final: boolean) {
    this.nonce.writeUInt32BE(index, 8);
    this.aad.writeUInt32BE(index, this.aad.length - 5);
    this.aad[this.aad.length - 1] = final ? 1 : 0;
  }
}

/**
 * Incoming stream pieces not yet used, kept as they came: a chunk is fed to its cipher piece by piece
 * (GCM takes its input in any number of parts), so no byte is copied to make a chunk contiguous.
 */
class Pieces {
  private parts: Buffer[] = [];
  /** Index of the first part still held: parts are dropped by moving it (tiny pieces can be many). */
  private head = 0;
  length = 0;

  push(piece: Buffer) {
    if (!piece.length) return;
    this.parts.push(piece);
    this.length += piece.length;
  }

  /** Hands the first `size` bytes to `use`, as one or more slices, and drops them. */
  consume(size: number, use: (slice: Buffer) => void) {
    let left = size;
    while (left > 0) {
      const first = this.parts[this.head]!;
      if (first.length <= left) {
        this.head += 1;
        use(first);
        left -= first.length;
      } else {
        use(first.subarray(0, left));
        this.parts[this.head] = first.subarray(left);
        left = 0;
      }
    }
    this.length -= size;
    if (this.head > 64 && this.head * 2 > this.parts.length) {
      this.parts = this.parts.slice(this.head);
      this.head = 0;
    }
  }

  /** The first `size` bytes as one buffer (a copy only when they span pieces), dropped. */
  take(size: number): Buffer {
    const first = this.parts[this.head];
    if (first && first.length >= size) {
      this.consume(size, () => {});
      return first.subarray(0, size);
    }
    const whole = Buffer.allocUnsafe(size);
    let at = 0;
    this.consume(size, (slice) => {
      slice.copy(whole, at);
      at += slice.length;
    });
    return whole;
  }
}

/**
 * Does a stream's work on the next turn of the event loop instead of inside the write: the stream
 * before it (a file or network read) starts its next read first, so reading and the cipher overlap
 * instead of taking turns. The writes that come in meanwhile wait in the stream's write buffer. A piece
 * that completes no chunk is only kept, at once.
 */
abstract class DeferredTransform extends Transform {
  /** Keeps an incoming piece; true when a chunk is complete and `work` has something to do. */
  protected abstract keep(chunk: Buffer): boolean;
  /** Seals or opens every complete chunk; at the end (`last`), the rest too. */
  protected abstract work(last: boolean): void;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (!this.keep(chunk)) return callback();
    setImmediate(() => this.run(false, callback));
  }

  override _flush(callback: TransformCallback) {
    this.run(true, callback);
  }

  private run(last: boolean, callback: TransformCallback) {
    if (this.destroyed) return;
    try {
      this.work(last);
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }
}

/**
 * Plaintext in, header + sealed chunks out. A full chunk is held back until more bytes arrive, so the
 * chunk sealed as final is known to be the last one. Everything sealed from one incoming piece leaves
 * as one buffer (ciphertext and tags written side by side), so the storage below writes it in one go.
 * `plainBytes` counts what went through.
 */
export class EncryptStream extends DeferredTransform {
  plainBytes = 0;
  private readonly pending = new Pieces();
  private index = 0;
  private readonly params: ChunkParams;
  private readonly dataKey: Buffer;
  private readonly chunkSize: number;

  constructor(objectKey: string, keyring: MediaKeyring, chunkSize = DEFAULT_CHUNK_SIZE) {
    super({ highWaterMark: STREAM_BUFFER });
    const fresh = newHeader(objectKey, keyring, chunkSize);
    this.params = new ChunkParams(fresh.noncePrefix, objectKey);
    this.dataKey = fresh.dataKey;
    this.chunkSize = chunkSize;
    this.push(fresh.header);
  }

  protected keep(chunk: Buffer) {
    this.plainBytes += chunk.length;
    this.pending.push(chunk);
    return this.pending.length > this.chunkSize;
  }

  protected work(last: boolean) {
    if (last) return this.seal(1, true);
    // Every complete chunk but the last one held is known not to be the final one.
    this.seal(Math.floor((this.pending.length - 1) / this.chunkSize), false);
  }

  private seal(count: number, final: boolean) {
    const plain = final ? this.pending.length : count * this.chunkSize;
    const out = Buffer.allocUnsafe(plain + count * TAG_SIZE);
    let at = 0;
    for (let i = 0; i < count; i += 1) {
      this.params.set(this.index, final);
      const cipher = createCipheriv('aes-256-gcm', this.dataKey, this.params.nonce);
      cipher.setAAD(this.params.aad);
      this.pending.consume(final ? this.pending.length : this.chunkSize, (slice) => {
        at += cipher.update(slice).copy(out, at);
      });
      at += cipher.final().copy(out, at);
      at += cipher.getAuthTag().copy(out, at);
      this.index += 1;
    }
    this.push(out);
  }
}

export interface DecryptPlan {
  dataKey: Buffer;
  header: ObjectHeader;
  objectKey: string;
  /** The first and last chunk read, and the index of the object's last chunk. */
  firstChunk: number;
  lastChunk: number;
  finalChunk: number;
  /** Plaintext bytes to drop from the first chunk, and how many to hand out in all. */
  skip: number;
  length: number;
}

/**
 * Sealed chunks (from `firstChunk` on) in, exactly the planned plaintext bytes out. A chunk's plaintext
 * is handed out only once its tag checked: a bad chunk ends the stream with an error, never with
 * altered bytes.
 */
export class DecryptStream extends DeferredTransform {
  private readonly pending = new Pieces();
  private index: number;
  private toSkip: number;
  private remaining: number;
  private readonly params: ChunkParams;
  private readonly sealedSize: number;

  constructor(private readonly plan: DecryptPlan) {
    super({ highWaterMark: STREAM_BUFFER });
    this.index = plan.firstChunk;
    this.toSkip = plan.skip;
    this.remaining = plan.length;
    this.params = new ChunkParams(plan.header.noncePrefix, plan.objectKey);
    this.sealedSize = plan.header.chunkSize + TAG_SIZE;
  }

  protected keep(chunk: Buffer) {
    this.pending.push(chunk);
    return this.complete();
  }

  /** A full-size sealed chunk may still be the object's last one: it is opened once that is known. */
  private complete() {
    return (
      this.pending.length > this.sealedSize ||
      (this.pending.length === this.sealedSize && this.index !== this.plan.finalChunk)
    );
  }

  protected work(last: boolean) {
    while (this.complete()) this.open(this.sealedSize);
    if (!last) return;
    if (this.index <= this.plan.lastChunk) this.open(this.pending.length);
    if (this.index <= this.plan.lastChunk || this.remaining > 0 || this.pending.length > 0)
      throw new MediaDecryptionError('Truncated media object');
  }

  private open(sealed: number) {
    if (this.index > this.plan.lastChunk) throw new MediaDecryptionError('Unexpected bytes in media object');
    if (sealed < TAG_SIZE) throw new MediaDecryptionError('Truncated media object');
    const { dataKey, finalChunk } = this.plan;
    const final = this.index === finalChunk;
    if (!final && sealed !== this.sealedSize) throw new MediaDecryptionError('Truncated media object');
    this.params.set(this.index, final);
    const decipher = createDecipheriv('aes-256-gcm', dataKey, this.params.nonce);
    decipher.setAAD(this.params.aad);
    const plain: Buffer[] = [];
    this.pending.consume(sealed - TAG_SIZE, (slice) => plain.push(decipher.update(slice)));
    decipher.setAuthTag(this.pending.take(TAG_SIZE));
    try {
      plain.push(decipher.final());
    } catch {
      throw new MediaDecryptionError(`Media object chunk ${this.index} failed its integrity check`);
    }
    this.index += 1;
    for (let piece of plain) {
      if (this.toSkip) {
        const dropped = Math.min(this.toSkip, piece.length);
        piece = piece.subarray(dropped);
        this.toSkip -= dropped;
      }
      if (piece.length > this.remaining) piece = piece.subarray(0, this.remaining);
      this.remaining -= piece.length;
      if (piece.length) this.push(piece);
    }
  }
}
