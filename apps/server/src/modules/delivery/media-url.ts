import { createHmac } from 'node:crypto';

/**
 * A signed, expiring media URL in the video module's format: `GET /api/media/v/:key?exp=&sig=`, the
 * signature being HMAC-SHA256(APP_SECRET) over the key and the expiry. A `<video>` element cannot send
 * a bearer header, so the watch page gets URLs like these. The video module owns media serving; when
 * its signing helper lands, this function delegates to it (one call site: delivery.service.ts).
 */
export function signedMediaUrl(secret: string, key: string, now: Date, ttlSeconds = 6 * 3600): string {
  const exp = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const sig = createHmac('sha256', secret).update(`${key}:${exp}`).digest('base64url');
  return `/api/media/v/${encodeURIComponent(key)}?exp=${exp}&sig=${sig}`;
}
