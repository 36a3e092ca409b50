import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { API_HEALTH_PATH, API_ROOT } from '@pw/contracts';
import { AppError } from './platform/errors';
import { refuseNulCharacters } from './platform/http/body';
import { registerMultipart } from './platform/http/multipart';
import { fastifyTrustProxy } from './platform/http/trust-proxy';
import { registerModules, type Composition } from './composition';
import { API_DOCS_CONTENT_SECURITY_POLICY, registerSecurityHeaders } from './platform/http/security-headers';

export const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuildOptions {
  /** Serve the built React app (production and e2e); API-only in server tests. */
  serveWeb?: boolean;
  /** Where the built web app is (tests point it at a folder of their own). */
  webDir?: string;
}

/** The Fastify instance: used by main.ts and by tests (`app.inject`). */
export async function buildApp(
  composition: Composition,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const deps = composition.platform;
  const app = Fastify({
    loggerInstance: deps.logger,
    // Whose X-Forwarded-For is believed (TRUST_PROXY, off by default): what request.ip and the limits see.
    trustProxy: fastifyTrustProxy(deps.config.TRUST_PROXY),
    // JSON bodies are small; files arrive as multipart and stream to disk.
    bodyLimit: 1024 * 1024,
    // The router's own refusals (an id over 100 characters, a broken %-escape) come before the error
    // handler: answer them in the contract's envelope too, without echoing the path (it may hold a token).
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.statusCode ?? 400;
      const message =
        status === 414
          ? 'The address is too long.'
          : status < 500
            ? 'The address is malformed.'
            : 'Not found.';
      void reply.status(status < 500 ? status : 404).send({ message });
    },
  }).withTypeProvider<ZodTypeProvider>();

  await registerSecurityHeaders(app, deps.config.PUBLIC_URL);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Text responses (JSON, HTML, JS, CSS) are compressed; media types such as video/mp4 are not.
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  // Multipart bodies: limits enforced while streaming; temporary files live only as long as their request.
  await registerMultipart(app, {
    tmpDir: path.join(deps.config.DATA_DIR, 'tmp'),
    maxFileBytes: deps.config.UPLOAD_MAX_BYTES,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Parting Words API',
        version: '1.0.0',
        description:
          'Every call of the web client under /api. Responses use the envelope ' +
          '`{ message?, data }`; lists add `meta` and `links`; validation failures are 422 `{ message, errors }`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: `${API_ROOT}/docs`,
    staticCSP: API_DOCS_CONTENT_SECURITY_POLICY,
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.status)
        .send(
          error.errors
            ? { message: error.message, errors: error.errors }
            : error.data !== undefined
              ? { message: error.message, data: error.data }
              : { message: error.message },
        );
    }
    if (error.validation) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          String(
            (issue.params as { missingProperty?: string })?.missingProperty ??
              error.validationContext ??
              'body',
          );
        const missing = /expected .*, received undefined/i.test(issue.message ?? '');
        (errors[field] ??= []).push(
          missing
            ? `The ${field.replace(/_/g, ' ')} field is required.`
            : (issue.message ?? 'Invalid value.'),
        );
      }
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.status(422).send({ message: first, errors });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: 'The request body is too large.' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

  app.get(API_HEALTH_PATH, { schema: { hide: true } }, async () => {
    await deps.db.execute(sql`select 1`);
    return { status: 'ok' };
  });

  // PostgreSQL cannot compare text with U+0000: a query value that carries one (`?search=%00`) is a
  // 422 naming the parameter, for every route at once, instead of a driver error (the fuzz found it).
  app.addHook('preValidation', async (request) => {
    if (request.query && typeof request.query === 'object')
      refuseNulCharacters(request.query as Record<string, unknown>);
  });

  await app.register(async (api) => registerModules(api, composition), { prefix: API_ROOT });

  const webDir = options.webDir ?? webDistDir;
  const indexHtml = path.join(webDir, 'index.html');
  if (options.serveWeb && fs.existsSync(indexHtml)) {
    // Hashed build assets never change under their name: cache them for a year. index.html is
    // revalidated so a new release is picked up at once. `wildcard` serves files built after start.
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      index: false,
      preCompressed: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    const sendIndex = (reply: FastifyReply) =>
      reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    // The static plugin answers a folder (`/`) with 403; the app's root is the React app.
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith(`${API_ROOT}/`) || request.method !== 'GET') {
        return reply.status(404).send({ message: 'Not found.' });
      }
      // Client-side routes: the React app decides (and shows its not-found page).
      return sendIndex(reply);
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found.' }));
  }
  return app;
}
