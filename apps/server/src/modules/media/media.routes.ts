import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { checkMediaSignature, parseRange } from '../../platform/http/signed-url';

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/**
 * GET /api/media/v/{key}?exp=…&sig=…: private media behind signed, expiring URLs (videos and thumbnails),
 * with byte ranges so players can seek. No bearer token: the signature is the permission.
 */
export async function registerMediaRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  // HEAD is declared, not derived from GET: Fastify's derived HEAD would read the whole object.
  api.route({
    method: ['GET', 'HEAD'],
    url: '/media/v/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { exp, sig } = request.query as { exp?: string; sig?: string };
      const check = checkMediaSignature(deps.secret, key, exp, sig, deps.clock.now());
      if (check === 'expired') throw forbidden('This link has expired. Reload the page to get a new one.');
      if (check !== 'valid') throw forbidden('This link is not valid.');
      const stored = await deps.storage.stat(key);
      if (!stored) throw notFound();

      const range = parseRange(request.headers.range, stored.size);
      if (range === 'unsatisfiable') {
        throw new AppError(416, 'The requested range is not available.', undefined, {
          'Content-Range': `bytes */${stored.size}`,
        });
      }
      const secondsLeft = Math.max(0, Number(exp) - Math.floor(deps.clock.now().getTime() / 1000));
      reply.headers({
        'Accept-Ranges': 'bytes',
        'Content-Type': contentTypeOf(key),
        'Cache-Control': `private, max-age=${Math.min(secondsLeft, 3600)}`,
        'X-Content-Type-Options': 'nosniff',
      });
      if (range === 'none') {
        reply.header('Content-Length', stored.size);
        if (request.method === 'HEAD') return reply.send();
        return reply.send(await deps.storage.read(key));
      }
      reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${stored.size}`)
        .header('Content-Length', range.end - range.start + 1);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(await deps.storage.read(key, range));
    },
  });
}
