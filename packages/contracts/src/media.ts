/**
 * The media module's one call: private media (videos, thumbnails) behind signed, expiring URLs, read
 * with GET or HEAD and byte ranges. It cannot be a declared route (defineRoute takes one method and a
 * path with named params; this one answers HEAD by itself and takes the object's key as a wildcard), so
 * the server registers it as a plain Fastify route; its path lives here, once (under /api).
 */
export const SIGNED_MEDIA_PATH = '/media/v/*';

/**
 * What a damaged object (found missing or altered by the integrity checks, decision 0340) answers with
 * and the owner is told; the web shows the same words on the video.
 */
export const MEDIA_MESSAGES = {
  /** The signed media URL of a damaged object (410). */
  damaged:
    'This file was damaged in storage and cannot be played or shown. The administrators have been told and will restore it from a backup.',
  /** The owner's notice: its title and body (the video's title, when it is one, follows). */
  damagedTitle: 'A file of yours was damaged in storage',
  damagedBody:
    'A check of our storage found a file of yours missing or altered. It cannot be played until our administrators restore it from a backup; you do not need to do anything.',
} as const;
