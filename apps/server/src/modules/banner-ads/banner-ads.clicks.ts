import { readSignedIdToken, roundedExpiry, signedIdToken } from '../../platform/http/signed-url';

/**
 * The slot's click links (decision 0217): `<ad id>.<expiry>.<HMAC-SHA256(APP_SECRET, id and expiry)>`.
 * A plain link carries no bearer header, so the token is the permission: nobody can make one for
 * another ad, a later expiry or another URL (the redirect goes to the ad's stored brand URL only).
 */
export const CLICK_LINK_LIFETIME_SECONDS = 24 * 60 * 60;
const PURPOSE = 'banner-click';

export function clickToken(secret: string, adId: number, now: Date): string {
  // Rounded up to the hour, as the media URLs are (one link per ad and hour).
  return signedIdToken(secret, PURPOSE, adId, roundedExpiry(now, CLICK_LINK_LIFETIME_SECONDS));
}

export type ClickCheck = { adId: number; expired: boolean } | null;

/** The ad a token names, and whether it is past its expiry; null for anything not signed by us. */
export function readClickToken(secret: string, token: string, now: Date): ClickCheck {
  const check = readSignedIdToken(secret, PURPOSE, token, now);
  return check && { adId: check.id, expired: check.expired };
}
