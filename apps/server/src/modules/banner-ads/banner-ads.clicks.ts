import { roundedExpiry, signatureMatches, signUntil } from '../../platform/http/signed-url';

/**
 * The slot's click links (decision 0217): `<ad id>.<expiry>.<HMAC-SHA256(APP_SECRET, id and expiry)>`.
 * A plain link carries no bearer header, so the token is the permission: nobody can make one for
 * another ad, a later expiry or another URL (the redirect goes to the ad's stored brand URL only).
 */
export const CLICK_LINK_LIFETIME_SECONDS = 24 * 60 * 60;
const MAX_AD_ID = 2_147_483_647;

const signature = (secret: string, adId: number, exp: number) =>
  signUntil(secret, 'banner-click', String(adId), exp);

export function clickToken(secret: string, adId: number, now: Date): string {
  // Rounded up to the hour, as the media URLs are (one link per ad and hour).
  const exp = roundedExpiry(now, CLICK_LINK_LIFETIME_SECONDS);
  return `${adId}.${exp}.${signature(secret, adId, exp)}`;
}

export type ClickCheck = { adId: number; expired: boolean } | null;

/** The ad a token names, and whether it is past its expiry; null for anything not signed by us. */
export function readClickToken(secret: string, token: string, now: Date): ClickCheck {
  const match = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const adId = Number(match[1]);
  const exp = Number(match[2]);
  if (adId > MAX_AD_ID) return null;
  if (!signatureMatches(signature(secret, adId, exp), match[3]!)) return null;
  return { adId, expired: exp * 1000 <= now.getTime() };
}
