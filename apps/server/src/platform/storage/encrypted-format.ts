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
const STREAM_BUFFER = 1024 * 1024;

export class MediaDecryptionError extends Error {}

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

function chunkAad(objectKey: Buffer, index: number, final: boolean) {
  const tail = Buffer.alloc(5);
  tail.writeUInt32BE(index, 0);
  tail[4] = final ? 1 : 0;
  return Buffer.concat([objectKey, tail]);
}

function chunkNonce(prefix: Buffer, index: number) {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(index, 8);
  return nonce;
}

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

export function encryptChunk(
  dataKey: Buffer,
  prefix: Buffer,
  objectKey: Buffer,
  index: number,
  final: boolean,
  plain: Buffer,
) {
  const cipher = createCipheriv('aes-256-gcm', dataKey, chunkNonce(prefix, index));
  cipher.setAAD(chunkAad(objectKey, index, final));
  return [cipher.update(plain), cipher.final(), cipher.getAuthTag()];
}

export function decryptChunk(
  dataKey: Buffer,
  prefix: Buffer,
  objectKey: Buffer,
  index: number,
  final: boolean,
  sealed: Buffer,
) {
  if (sealed.length < TAG_SIZE) throw new MediaDecryptionError('Truncated media object');
  const decipher = createDecipheriv('aes-256-gcm', dataKey, chunkNonce(prefix, index));
  decipher.setAAD(chunkAad(objectKey, index, final));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_SIZE));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_SIZE)), decipher.final()]);
  } catch {
    throw new MediaDecryptionError(`Media object chunk ${index} failed its integrity check`);
  }
}

/** Collects incoming buffers and hands out exact-size pieces without copying more than once. */
class ByteQueue {
  private parts: Buffer[] = [];
  length = 0;
  push(chunk: Buffer) {
    this.parts.push(chunk);
    this.length += chunk.length;
  }
  take(size: number): Buffer {
    const whole = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.length);
    const piece = whole.subarray(0, size);
    const rest = whole.subarray(size);
    this.parts = rest.length ? [rest] : [];
    this.length = rest.length;
    return piece;
  }
}

/**
 * Plaintext in, header + sealed chunks out. A full chunk is held back until more bytes arrive, so the
 * chunk sealed as final is known to be the last one. `plainBytes` counts what went through.
 */
export class EncryptStream extends Transform {
  plainBytes = 0;
  private readonly queue = new ByteQueue();
  private index = 0;
  private readonly objectKey: Buffer;
  private readonly dataKey: Buffer;
  private readonly prefix: Buffer;
  private readonly chunkSize: number;

  constructor(objectKey: string, keyring: MediaKeyring, chunkSize = DEFAULT_CHUNK_SIZE) {
    super({ highWaterMark: STREAM_BUFFER });
    const fresh = newHeader(objectKey, keyring, chunkSize);
    this.objectKey = Buffer.from(objectKey, 'utf8');
    this.dataKey = fresh.dataKey;
    this.prefix = fresh.noncePrefix;
    this.chunkSize = chunkSize;
    this.push(fresh.header);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.plainBytes += chunk.length;
    this.queue.push(chunk);
    while (this.queue.length > this.chunkSize) this.seal(this.queue.take(this.chunkSize), false);
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.seal(this.queue.take(this.queue.length), true);
    callback();
  }

  private seal(plain: Buffer, final: boolean) {
    // One buffer per sealed chunk: the storage below writes it in one go instead of three.
    this.push(
      Buffer.concat(encryptChunk(this.dataKey, this.prefix, this.objectKey, this.index, final, plain)),
    );
    this.index += 1;
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

/** Sealed chunks (from `firstChunk` on) in, exactly the planned plaintext bytes out. */
export class DecryptStream extends Transform {
  private readonly queue = new ByteQueue();
  private index: number;
  private toSkip: number;
  private remaining: number;
  private readonly objectKey: Buffer;

  constructor(private readonly plan: DecryptPlan) {
    super({ highWaterMark: STREAM_BUFFER });
    this.index = plan.firstChunk;
    this.toSkip = plan.skip;
    this.remaining = plan.length;
    this.objectKey = Buffer.from(plan.objectKey, 'utf8');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.queue.push(chunk);
    const sealedSize = this.plan.header.chunkSize + TAG_SIZE;
    try {
      // A full-size sealed chunk may still be the object's last one: it is opened once it is known.
      while (
        this.queue.length > sealedSize ||
        (this.queue.length === sealedSize && this.index !== this.plan.finalChunk)
      )
        this.open(this.queue.take(sealedSize));
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback) {
    try {
      if (this.index <= this.plan.lastChunk) this.open(this.queue.take(this.queue.length));
      if (this.index <= this.plan.lastChunk || this.remaining > 0 || this.queue.length > 0)
        throw new MediaDecryptionError('Truncated media object');
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  private open(sealed: Buffer) {
    if (this.index > this.plan.lastChunk) throw new MediaDecryptionError('Unexpected bytes in media object');
    const { dataKey, header, finalChunk } = this.plan;
    const final = this.index === finalChunk;
    let plain = decryptChunk(dataKey, header.noncePrefix, this.objectKey, this.index, final, sealed);
    this.index += 1;
    if (!final && plain.length !== header.chunkSize) throw new MediaDecryptionError('Truncated media object');
    if (this.toSkip) {
      plain = plain.subarray(this.toSkip);
      this.toSkip = 0;
    }
    if (plain.length > this.remaining) plain = plain.subarray(0, this.remaining);
    this.remaining -= plain.length;
    if (plain.length) this.push(plain);
  }
}
