import type { FastifyInstance } from 'fastify';
import { SIGNED_MEDIA_PATH } from '@pw/contracts';
import { USER_FILE_HEADERS } from '../../platform/http/user-files';
import type { MediaService } from './media.service';

/**
 * GET /api/media/v/{key}?exp=…&sig=…: private media behind signed, expiring URLs (videos and thumbnails),
 * with byte ranges so players can seek. No bearer token: the signature is the permission.
 *
 * A plain Fastify route, not a declared one (packages/contracts/src/media.ts says why): it answers GET
 * and HEAD, and its wildcard path takes the object's key.
 */
export function registerMediaRoutes(api: FastifyInstance, service: MediaService): void {
  // HEAD is declared, not derived from GET: Fastify's derived HEAD would read the whole object.
  api.route({
    method: ['GET', 'HEAD'],
    url: SIGNED_MEDIA_PATH,
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { exp, sig } = request.query as { exp?: string; sig?: string };
      const media = await service.open(key, exp, sig, request.headers.range);
      // Opened before any header is set: a damaged object is refused as JSON (410), not sent as a video.
      const body = request.method === 'HEAD' ? null : await media.read();
      reply.headers({
        'Accept-Ranges': 'bytes',
        'Content-Type': media.contentType,
        'Cache-Control': `private, max-age=${media.maxAgeSeconds}`,
        ...USER_FILE_HEADERS,
      });
      if (media.range === 'none') {
        reply.header('Content-Length', media.size);
        return reply.send(body ?? undefined);
      }
      const { start, end } = media.range;
      reply
        .code(206)
        .header('Content-Range', `bytes ${start}-${end}/${media.size}`)
        .header('Content-Length', end - start + 1);
      return reply.send(body ?? undefined);
    },
  });
}
