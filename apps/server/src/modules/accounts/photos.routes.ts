import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { notFound } from '../../platform/errors';
import { PHOTO_NAME_PATTERN, PHOTO_TYPES, type PhotoExtension } from './photos';

/**
 * Profile photos at their unguessable, never-reused names (docs/decisions/0014): cached for a year,
 * and sent with headers that keep an SVG from running anything even when opened on its own.
 */
export async function registerPhotoRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'storage'>) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/media/photos/:name',
    {
      schema: {
        tags: ['Media'],
        summary: 'A profile photo (the photo_path of an account)',
        params: z.object({ name: z.string() }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!PHOTO_NAME_PATTERN.test(name)) throw notFound();
      const key = `photos/${name}`;
      const stored = await deps.storage.stat(key);
      if (!stored) throw notFound();
      const etag = `"${name}"`;
      reply.headers({
        'cache-control': 'public, max-age=31536000, immutable',
        etag,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
        'cross-origin-resource-policy': 'same-origin',
      });
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const extension = name.slice(name.lastIndexOf('.') + 1) as PhotoExtension;
      return reply
        .type(PHOTO_TYPES[extension])
        .header('content-length', stored.size)
        .send(await deps.storage.read(key));
    },
  );
}
