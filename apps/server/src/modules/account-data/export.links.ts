import { readSignedIdToken, roundedExpiry, signedIdToken } from '../../platform/http/signed-url';

/**
 * Download links of export archives (docs/product.md §11.5): `<export id>.<expiry>.<HMAC-SHA256>` signed with
 * the platform's helper under its own purpose, so no other signed link (media, banner clicks) is one.
 * A link lives a day at most, never past the archive's own expiry; the download also re-reads the row,
 * so an archive expired, swept or deleted with its account answers 404 whatever the link says.
 */
export const DOWNLOAD_LINK_LIFETIME_SECONDS = 24 * 60 * 60;
const PURPOSE = 'account-export';

export function downloadToken(secret: string, exportId: number, now: Date, archiveExpiresAt: Date): string {
  const exp = Math.min(
    roundedExpiry(now, DOWNLOAD_LINK_LIFETIME_SECONDS),
    Math.floor(archiveExpiresAt.getTime() / 1000),
  );
  return signedIdToken(secret, PURPOSE, exportId, exp);
}

/** The export a token names and whether it is past its expiry; null for anything we did not sign. */
export function readDownloadToken(secret: string, token: string, now: Date) {
  const check = readSignedIdToken(secret, PURPOSE, token, now);
  return check && { exportId: check.id, expired: check.expired };
}
