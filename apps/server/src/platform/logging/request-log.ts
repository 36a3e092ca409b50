import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, when its answer has gone: method, URL (redacted by the logger's `req`
 * serializer), status and time. Fastify's own request logging (turned off in app.ts) writes two lines
 * per request, 'incoming request' and 'request completed', each going through the logger's redaction
 * pass: half of that was the cost of an answer the line after says more about (docs/decisions/0120).
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
}
