import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNED_MEDIA_PATH } from '@pw/contracts';

/**
 * Signed, expiring media URLs: a `<video>` element cannot send a bearer header, so the URL itself carries
 * the permission. HMAC-SHA256 over the storage key and the expiry instant; anyone holding the URL may
 * fetch that one object until it expires, nobody can forge one for another object or a later time.
 */
export const MEDIA_PATH_PREFIX = `/api${SIGNED_MEDIA_PATH.replace('*', '')}`;
export const DEFAULT_MEDIA_URL_LIFETIME_SECONDS = 6 * 60 * 60;
/** Expiry is rounded up to the hour so a page reloaded within the hour gets the same (cacheable) URL. */
const ROUND_SECONDS = 60 * 60;

/**
 * Media reached through someone else's grant (a granted watch link, docs/product.md §6.7): the grant can be
 * revoked, and a URL signed before lives on until it expires, so these live minutes, not hours. The
 * watch page asks for fresh ones when they run out.
 */
export const GRANTED_MEDIA_URL_LIFETIME_SECONDS = 10 * 60;
/** …rounded up to five minutes: at most a quarter of an hour after a revocation. */
export const GRANTED_MEDIA_URL_ROUND_SECONDS = 5 * 60;

/** An expiry `lifetimeSeconds` from now, rounded up to the hour (the same link within the hour). */
export function roundedExpiry(now: Date, lifetimeSeconds: number, roundSeconds = ROUND_SECONDS): number {
  return Math.ceil((now.getTime() / 1000 + lifetimeSeconds) / roundSeconds) * roundSeconds;
}

/** HMAC-SHA256 (base64url) of one purpose's subject and expiry: a signature for no other purpose. */
export function signUntil(secret: string, purpose: string, subject: string, exp: number): string {
  return createHmac('sha256', secret).update(`${purpose}:${subject}:${exp}`).digest('base64url');
}

/** Compares a signature sent by a stranger with the expected one in constant time. */
export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

const MAX_RECORD_ID = 2_147_483_647;

/**
 * A link that names one record for one purpose until `exp` (seconds): `<id>.<exp>.<signature>`, base64url
 * characters and dots only. Banner click links (docs/product.md §8.6) and export downloads
 * (docs/product.md §11.5).
 */
export function signedIdToken(secret: string, purpose: string, id: number, exp: number): string {
  return `${id}.${exp}.${signUntil(secret, purpose, String(id), exp)}`;
}

/** The record a token of `purpose` names and whether it is past its expiry; null for anything we did not sign. */
export function readSignedIdToken(
  secret: string,
  purpose: string,
  token: string,
  now: Date,
): { id: number; expired: boolean } | null {
  const match = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const exp = Number(match[2]);
  if (id > MAX_RECORD_ID) return null;
  if (!signatureMatches(signUntil(secret, purpose, String(id), exp), match[3]!)) return null;
  return { id, expired: exp * 1000 <= now.getTime() };
}

export function signMediaKey(secret: string, key: string, exp: number): string {
  return signUntil(secret, 'media', key, exp);
}

export function signedMediaUrl(
  secret: string,
  key: string,
  now: Date,
  lifetimeSeconds = DEFAULT_MEDIA_URL_LIFETIME_SECONDS,
  roundSeconds = ROUND_SECONDS,
): string {
  const exp = roundedExpiry(now, lifetimeSeconds, roundSeconds);
  const path = key.split('/').map(encodeURIComponent).join('/');
  return `${MEDIA_PATH_PREFIX}${path}?exp=${exp}&sig=${signMediaKey(secret, key, exp)}`;
}

/** A media URL for someone who sees the video through a grant the owner may revoke: minutes, not hours. */
export const grantedMediaUrl = (secret: string, key: string, now: Date): string =>
  signedMediaUrl(secret, key, now, GRANTED_MEDIA_URL_LIFETIME_SECONDS, GRANTED_MEDIA_URL_ROUND_SECONDS);

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

export function checkMediaSignature(
  secret: string,
  key: string,
  exp: string | undefined,
  sig: string | undefined,
  now: Date,
): SignatureCheck {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return 'invalid';
  if (!signatureMatches(signMediaKey(secret, key, Number(exp)), sig)) return 'invalid';
  return Number(exp) * 1000 <= now.getTime() ? 'expired' : 'valid';
}

export type RangeResult = { start: number; end: number } | 'none' | 'unsatisfiable';

/**
 * One `bytes=` range (first-last, first-, or -suffix) of an object of `size` bytes. Several ranges are
 * answered with the whole object (allowed by RFC 9110); a malformed or unsatisfiable range is a 416.
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (header === undefined || header.trim() === '') return 'none';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return header.includes(',') && header.trim().startsWith('bytes=') ? 'none' : 'unsatisfiable';
  const [, first, last] = match;
  if (first === '' && last === '') return 'unsatisfiable';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== '' && Number(last) < start)) return 'unsatisfiable';
  return { start, end };
}
