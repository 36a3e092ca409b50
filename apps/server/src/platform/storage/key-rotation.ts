import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { HEADER_SIZE, isEncrypted, parseHeader, rewrapHeader } from './encrypted-format';
import { createEncryptedStorage } from './encrypted-storage';
import type { MediaKeyring } from './media-keyring';
import { isGone, type Storage } from './storage';

export interface RotationReport {
  rewrapped: number;
  /** Objects re-encrypted under a new data key (`rekey`). */
  rekeyed: number;
  /** Objects stored in the clear (from before encryption) that were encrypted now. */
  encrypted: number;
  current: number;
  plain: number;
  gone: number;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * The object's first bytes, where its encryption header is; null when it was deleted after it was
 * listed (the running server deletes objects while a rotation runs).
 */
async function readHeader(inner: Storage, key: string, size: number): Promise<Buffer | null> {
  if (size < HEADER_SIZE) return Buffer.alloc(0);
  try {
    return await readAll(await inner.read(key, { start: 0, end: HEADER_SIZE - 1 }));
  } catch (error) {
    if (await isGone(inner, key)) return null;
    throw error;
  }
}

export interface RotationOptions {
  /** Also encrypt the objects stored in the clear before encryption existed. */
  encryptPlain?: boolean;
  /**
   * Instead of re-wrapping an old key's object, re-encrypt it whole under a new data key (a suspected
   * compromise: whoever copied the wrapped data keys and the old key could still read the old ciphertext).
   */
  rekey?: boolean;
  /**
   * Told once an `encryptPlain` run ended with nothing left in the clear: from then on the installation
   * refuses an object without the encryption header (plaintext-policy.ts: recordEncryptedOnly).
   */
  onAllEncrypted?: () => Promise<void>;
}

/**
 * Re-wraps each stored object's data key with the keyring's newest key and, with `encryptPlain`,
 * encrypts the objects stored in the clear before encryption existed. Only the header changes; the
 * sealed chunks are copied through unread, and each object is replaced whole (the inner storage's
 * write is atomic: a temporary file renamed into place, or a new S3 object). Objects already under the
 * newest key are skipped, so a run that stopped half-way is simply started again.
 *
 * With `rekey`, an object under an older key is instead read back in the clear and written again whole,
 * under a new data key wrapped by the newest key: readers meanwhile get the old object or the new one,
 * both whole. An object under the newest key is done (re-keyed by an earlier run, or written since the
 * key changed, with a data key the old key never wrapped), so a re-key always starts from a new MEDIA_KEY.
 */
export async function rotateMediaKeys(
  inner: Storage,
  keys: AsyncIterable<string>,
  keyring: MediaKeyring,
  log: (message: string) => void,
  options: RotationOptions = {},
): Promise<RotationReport> {
  const report: RotationReport = { rewrapped: 0, rekeyed: 0, encrypted: 0, current: 0, plain: 0, gone: 0 };
  const sealing = createEncryptedStorage(inner, keyring);
  let seen = 0;
  for await (const key of keys) {
    seen += 1;
    if (seen % 100 === 0) log(`${seen} objects looked at: ${JSON.stringify(report)}`);
    const stored = await inner.stat(key);
    if (!stored) {
      report.gone += 1;
      continue;
    }
    const head = await readHeader(inner, key, stored.size);
    if (!head) {
      report.gone += 1;
      continue;
    }
    if (!isEncrypted(head)) {
      if (!options.encryptPlain) {
        report.plain += 1;
        continue;
      }
      const clear = await inner.read(key);
      if (!(await inner.stat(key))) {
        clear.destroy();
        report.gone += 1;
        continue;
      }
      await sealing.put(key, clear);
      report.encrypted += 1;
      continue;
    }
    if (parseHeader(head).keyId.equals(keyring.current.id)) {
      report.current += 1;
      continue;
    }
    if (options.rekey) {
      // Read through the decrypting storage (every tag checked), sealed again with a fresh data key.
      const clear = await sealing.read(key);
      if (!(await inner.stat(key))) {
        clear.destroy();
        report.gone += 1;
        continue;
      }
      await sealing.put(key, clear);
      report.rekeyed += 1;
      continue;
    }
    const header = rewrapHeader(head, key, keyring);
    const rest = await inner.read(key, { start: HEADER_SIZE, end: stored.size - 1 });
    // Deleted meanwhile: writing it back would bring back media its owner removed.
    if (!(await inner.stat(key))) {
      rest.destroy();
      report.gone += 1;
      continue;
    }
    await inner.put(
      key,
      Readable.from(
        (async function* () {
          yield header;
          yield* rest;
        })(),
      ),
    );
    report.rewrapped += 1;
  }
  log(`done, ${seen} objects: ${JSON.stringify(report)}`);
  if (options.encryptPlain && report.plain === 0 && options.onAllEncrypted) {
    await options.onAllEncrypted();
    log('every stored object is encrypted: objects without encryption are refused as damaged from now on');
  }
  return report;
}

/** The keys of a local media folder (unfinished `.part` writes left out). */
export async function* localKeys(root: string): AsyncIterable<string> {
  const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.part')) continue;
    yield path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
  }
}

/** The keys of a bucket, page by page. */
export async function* s3Keys(client: S3Client, bucket: string): AsyncIterable<string> {
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}
