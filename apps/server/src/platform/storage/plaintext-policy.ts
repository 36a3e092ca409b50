import type { Db } from '../db';
import { mediaEncryption } from './media-keys.schema';

/**
 * Whether an object without the encryption header may still be served: yes on an installation that
 * stored media before it was encrypted, until `keys:rotate --encrypt-plain` found nothing left in the
 * clear; never once every object is known to be encrypted. Read at start (mutable: the encrypting
 * storage is built before the database is open).
 */
export interface PlaintextPolicy {
  refused: boolean;
}

/** Every stored object is encrypted from now on: kept for good (a second call changes nothing). */
export async function recordEncryptedOnly(db: Db): Promise<void> {
  await db.insert(mediaEncryption).values({ id: 1 }).onConflictDoNothing();
}

/**
 * At start: refused once recorded. A storage that holds nothing yet (a new installation) cannot hold an
 * object from before encryption: recorded at once. Otherwise, stored objects may still be plaintext.
 */
export async function settlePlaintextPolicy(db: Db, keys: () => AsyncIterable<string>): Promise<boolean> {
  if ((await db.select({ id: mediaEncryption.id }).from(mediaEncryption).limit(1)).length) return true;
  for await (const _key of keys()) return false;
  await recordEncryptedOnly(db);
  return true;
}
