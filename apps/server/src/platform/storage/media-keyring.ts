import { createHash } from 'node:crypto';

/** A key-encryption key: wraps (encrypts) the per-object data keys. */
export interface MediaKey {
  /** 8 bytes naming the key in each object's header, so a reader picks the right one after a rotation. */
  id: Buffer;
  key: Buffer;
}

export interface MediaKeyring {
  /** Wraps the data keys of new objects. */
  current: MediaKey;
  /** Finds the key an object was wrapped with (the current one or an older one), or undefined. */
  find(id: Buffer): MediaKey | undefined;
  /** Every key, the current one first: what a message about the configured keys names. */
  all: MediaKey[];
}

export const MEDIA_KEY_BYTES = 32;

/** The id is a hash of the key: stable, needs no separate setting, and says nothing about the key. */
export function mediaKeyOf(key: Buffer): MediaKey {
  if (key.length !== MEDIA_KEY_BYTES) throw new Error(`A media key must be ${MEDIA_KEY_BYTES} bytes`);
  const id = createHash('sha256').update('parting-words media key id').update(key).digest().subarray(0, 8);
  return { id, key };
}

/** Decodes a base64 (or base64url) key; null when it is not exactly 32 bytes. */
export function decodeMediaKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === MEDIA_KEY_BYTES ? key : null;
}

export function createMediaKeyring(current: Buffer, older: Buffer[] = []): MediaKeyring {
  const keys = [current, ...older].map(mediaKeyOf);
  return {
    current: keys[0]!,
    find: (id) => keys.find((candidate) => candidate.id.equals(id)),
    all: keys,
  };
}
