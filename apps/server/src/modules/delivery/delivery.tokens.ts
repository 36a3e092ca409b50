import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The watch token of a delivery is HMAC-SHA256(APP_SECRET, "watch:" + message_id), 256 bits, base64url.
 * message_id holds 128 random bits. Only SHA-256(token) is stored: a copy of the database alone opens
 * no watch page, yet every attempt of one delivery (including a resend after a crash) carries the same
 * link, without keeping the token itself anywhere (docs/product.md §5.3).
 */
export function watchToken(secret: string, messageId: string): string {
  return createHmac('sha256', secret).update(`watch:${messageId}`).digest('base64url');
}

export const hashWatchToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** `<delivery.{128 random bits}@{PUBLIC_URL host}>`: unique, fixed for the delivery's whole life. */
export function newMessageId(publicUrl: string): string {
  const host = new URL(publicUrl).hostname || 'partingwords.local';
  return `<delivery.${randomBytes(16).toString('hex')}@${host}>`;
}
