import { roundedExpiry, signatureMatches, signUntil } from '../../platform/http/signed-url';

/**
 * Download links of export archives (decision 0242): `<export id>.<expiry>.<HMAC-SHA256>` signed with
 * the platform's helper under its own purpose, so no other signed link (media, banner clicks) is one.
 * A link lives a day at most, never past the archive's own expiry; the download also re-reads the row,
 * so an archive expired, swept or deleted with its account answers 404 whatever the link says.
 */
export const DOWNLOAD_LINK_LIFETIME_SECONDS = 24 * 60 * 60;
const MAX_ID = 2_147_483_647;

const signature = (secret: string, exportId: number, exp: number) =>
  signUntil(secret, 'account-export', String(exportId), exp);

export function downloadToken(secret: string, exportId: number, now: Date, archiveExpiresAt: Date): string {
  const exp = Math.min(
    roundedExpiry(now, DOWNLOAD_LINK_LIFETIME_SECONDS),
    Math.floor(archiveExpiresAt.getTime() / 1000),
  );
  return `${exportId}.${exp}.${signature(secret, exportId, exp)}`;
}

export type DownloadCheck = { exportId: number; expired: boolean } | null;

/** The export a token names and whether it is past its expiry; null for anything we did not sign. */
export function readDownloadToken(secret: string, token: string, now: Date): DownloadCheck {
  const match = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const exportId = Number(match[1]);
  const exp = Number(match[2]);
  if (exportId > MAX_ID) return null;
  if (!signatureMatches(signature(secret, exportId, exp), match[3]!)) return null;
  return { exportId, expired: exp * 1000 <= now.getTime() };
}
