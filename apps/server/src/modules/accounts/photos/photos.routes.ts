import { accountRoutes } from '@pw/contracts';
import { notFound } from '../../../platform/errors';
import type { Router } from '../../../platform/http/route';
import { USER_FILE_HEADERS } from '../../../platform/http/user-files';
import type { Storage } from '../../../platform/storage/storage';
import { PHOTO_NAME_PATTERN, PHOTO_TYPES, type PhotoExtension } from './photos';

/**
 * Profile photos at their unguessable, never-reused names (docs/decisions/0033): cached for a year,
 * and sent with the headers of every uploaded file: nothing in one runs, even opened on its own.
 */
export function registerPhotoRoutes(router: Router, storage: Storage) {
  router.route(accountRoutes.photo, async ({ params, request, reply }) => {
    const { name } = params;
    if (!PHOTO_NAME_PATTERN.test(name)) throw notFound();
    const key = `photos/${name}`;
    const stored = await storage.stat(key);
    if (!stored) throw notFound();
    const etag = `"${name}"`;
    reply.headers({
      'cache-control': 'public, max-age=31536000, immutable',
      etag,
      ...USER_FILE_HEADERS,
      'cross-origin-resource-policy': 'same-origin',
    });
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const extension = name.slice(name.lastIndexOf('.') + 1) as PhotoExtension;
    return reply
      .type(PHOTO_TYPES[extension])
      .header('content-length', stored.size)
      .send(await storage.read(key));
  });
}
