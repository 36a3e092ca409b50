import type { Readable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError } from '../config';
import type { Db } from '../db';
import { HEADER_SIZE, isEncrypted, parseHeader } from './encrypted-format';
import type { MediaKeyring } from './media-keyring';
import { mediaKeyIds } from './media-keys.schema';
import type { Storage } from './storage';

/** Objects whose headers are read at every start: a handful, whatever the storage holds. */
export const MEDIA_KEY_SAMPLE = 16;

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** The key id (hex) an object was wrapped with, or null for one stored in the clear or gone. */
async function keyIdOf(inner: Storage, key: string): Promise<string | null> {
  const stored = await inner.stat(key);
  if (!stored || stored.size < HEADER_SIZE) return null;
  const head = await readAll(await inner.read(key, { start: 0, end: HEADER_SIZE - 1 }));
  return isEncrypted(head) ? parseHeader(head).keyId.toString('hex') : null;
}

export interface MediaKeyCheckDeps {
  db: Db;
  keyring: MediaKeyring;
  /** The storage as stored (without the encrypting layer) and its keys (stored-objects.ts). */
  inner: Storage;
  keys: () => AsyncIterable<string>;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  sampleSize?: number;
}

function refusal(unknown: string[], configuredIds: string[]): ConfigError {
  const [current, ...older] = configuredIds;
  const configured =
    `MEDIA_KEY has id ${current}` + (older.length ? `, MEDIA_KEYS_OLD ${older.join(', ')}` : '');
  return new ConfigError(
    `Invalid configuration:\n  MEDIA_KEY: stored media was encrypted with the key id ${unknown.join(', ')}, ` +
      `which neither MEDIA_KEY nor MEDIA_KEYS_OLD holds (${configured}). Without that key these objects ` +
      'cannot be read. Set MEDIA_KEY to the key the media was written with (from the secret store where ' +
      'it is kept; without MEDIA_KEY the key is the file DATA_DIR/media-key). To change keys, keep the ' +
      'old one in MEDIA_KEYS_OLD and run npm run keys:rotate before dropping it.',
  );
}

/**
 * Refuses to start when stored media needs a key the configuration does not hold (decision 0296),
 * rather than failing every read of it later. Cheap at every start: the headers of a small sample of
 * the objects, and the key ids recorded by earlier starts. Only when a recorded key is no longer
 * configured (an operator dropped it after keys:rotate) is every header read, once, stopping at the
 * first object that still needs it; when none does, the record of that key goes.
 */
export async function checkMediaKeys(deps: MediaKeyCheckDeps): Promise<void> {
  const { db, keyring, inner, keys, logger } = deps;
  const known = (id: string) => keyring.find(Buffer.from(id, 'hex')) !== undefined;
  const unknown = new Set<string>();

  // The sample: objects stored before any id was recorded, or a storage restored beside another database.
  let sampled = 0;
  for await (const key of keys()) {
    if (sampled++ >= (deps.sampleSize ?? MEDIA_KEY_SAMPLE)) break;
    const id = await keyIdOf(inner, key);
    if (id && !known(id)) unknown.add(id);
  }

  const recorded = (await db.select({ keyId: mediaKeyIds.keyId }).from(mediaKeyIds)).map((r) => r.keyId);
  const dropped = recorded.filter((id) => !known(id));
  if (unknown.size === 0 && dropped.length > 0) {
    logger.warn(
      { keyIds: dropped },
      'a media key used before is no longer configured: reading every stored object once to check that none still needs it',
    );
    for await (const key of keys()) {
      const id = await keyIdOf(inner, key);
      if (id && !known(id)) {
        unknown.add(id);
        break;
      }
    }
    if (unknown.size === 0) {
      await db.delete(mediaKeyIds).where(inArray(mediaKeyIds.keyId, dropped));
      logger.info({ keyIds: dropped }, 'no stored object needs the dropped media key any more');
    }
  }
  if (unknown.size > 0)
    throw refusal(
      [...unknown],
      keyring.all.map((k) => k.id.toString('hex')),
    );
  await db
    .insert(mediaKeyIds)
    .values({ keyId: keyring.current.id.toString('hex') })
    .onConflictDoNothing();
}
