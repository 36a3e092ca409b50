import {
  readSignedIdToken,
  roundedExpiry,
  signatureMatches,
  signUntil,
} from '../../platform/http/signed-url';

/**
 * The slot's click links (docs/product.md §8.6): `<ad id>.<reader id>.<expiry>.<HMAC-SHA256(APP_SECRET,
 * ad, reader and expiry)>`. A plain link carries no bearer header, so the token is the permission and
 * names whom the slot showed the ad to: nobody can make one for another ad, another reader, a later
 * expiry or another URL (the redirect goes to the ad's stored brand URL only). A click counts once per
 * reader, ad and day.
 */
export const CLICK_LINK_LIFETIME_SECONDS = 24 * 60 * 60;
const PURPOSE = 'banner-click';

const subject = (adId: number, readerId: number) => `${adId}:${readerId}`;

export function clickToken(secret: string, adId: number, readerId: number, now: Date): string {
  // Rounded up to the hour, as the media URLs are (one link per ad, reader and hour).
  const exp = roundedExpiry(now, CLICK_LINK_LIFETIME_SECONDS);
  return `${adId}.${readerId}.${exp}.${signUntil(secret, PURPOSE, subject(adId, readerId), exp)}`;
}

/** `readerId` null: a link made before links named their reader; it still leads on, but counts nothing. */
export type ClickCheck = { adId: number; readerId: number | null; expired: boolean } | null;

const MAX_RECORD_ID = 2_147_483_647;

/** The ad and reader a token names, and whether it is past its expiry; null for anything not signed by us. */
export function readClickToken(secret: string, token: string, now: Date): ClickCheck {
  const match = /^([1-9]\d{0,9})\.([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) {
    const earlier = readSignedIdToken(secret, PURPOSE, token, now);
    return earlier && { adId: earlier.id, readerId: null, expired: earlier.expired };
  }
  const adId = Number(match[1]);
  const readerId = Number(match[2]);
  const exp = Number(match[3]);
  if (adId > MAX_RECORD_ID || readerId > MAX_RECORD_ID) return null;
  if (!signatureMatches(signUntil(secret, PURPOSE, subject(adId, readerId), exp), match[4]!)) return null;
  return { adId, readerId, expired: exp * 1000 <= now.getTime() };
}
