import { createHash, createHmac, randomBytes } from 'node:crypto';

/** What a link is for: a trusted contact's role, the owner's "I'm alive", a contact's watch link. */
export type TokenPurpose = 'contact' | 'alive' | 'watch';

/** 256 random bits, kept with the row that owns the link. */
export const newNonce = () => randomBytes(32).toString('hex');

/**
 * A link's token: HMAC-SHA256(APP_SECRET, purpose + nonce), 256 bits, base64url (43 characters). As the
 * delivery links (docs/product.md §5.3): a copy of the database alone opens nothing, yet every e-mail of one
 * link (a daily reminder, a mail re-sent after a crash) carries the same token without storing it.
 */
export function legacyToken(secret: string, purpose: TokenPurpose, nonce: string): string {
  return createHmac('sha256', secret).update(`legacy-${purpose}:${nonce}`).digest('base64url');
}

/** What the tables keep and look up: SHA-256 of the token (the watch page hashes the same way). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link: its nonce to keep, its hash to look up. */
export function newLink(secret: string, purpose: TokenPurpose) {
  const nonce = newNonce();
  return { nonce, hash: hashToken(legacyToken(secret, purpose, nonce)) };
}
