import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The slot's click links (decision 0217): `<ad id>.<expiry>.<HMAC-SHA256(APP_SECRET, id and expiry)>`.
 * A plain link carries no bearer header, so the token is the permission: nobody can make one for
 * another ad, a later expiry or another URL (the redirect goes to the ad's stored brand URL only).
 */
export const CLICK_LINK_LIFETIME_SECONDS = 24 * 60 * 60;
/** Rounded up to the hour, as the media URLs are (one link per ad and hour). */
const ROUND_SECONDS = 60 * 60;
const MAX_AD_ID = 2_147_483_647;

const signature = (secret: string, adId: number, exp: number) =>
  createHmac('sha256', secret).update(`banner-click:${adId}:${exp}`).digest('base64url');

export function clickToken(secret: string, adId: number, now: Date): string {
  const exp = Math.ceil((now.getTime() / 1000 + CLICK_LINK_LIFETIME_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS;
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
  const expected = Buffer.from(signature(secret, adId, exp));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { adId, expired: exp * 1000 <= now.getTime() };
}
