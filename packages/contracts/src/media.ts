/**
 * The media module's one call: private media (videos, thumbnails) behind signed, expiring URLs, read
 * with GET or HEAD and byte ranges. It cannot be a declared route (defineRoute takes one method and a
 * path with named params; this one answers HEAD by itself and takes the object's key as a wildcard), so
 * the server registers it as a plain Fastify route; its path lives here, once (under /api).
 */
export const SIGNED_MEDIA_PATH = '/media/v/*';
