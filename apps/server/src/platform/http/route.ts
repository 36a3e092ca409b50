import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { z } from 'zod';
import type { ApiRoute, RouteAccess } from '@pw/contracts';
import { parseBody, type BodyOptions, type UploadedFile } from './body';
import { bodyReadInHandler, formContentTypes } from './form-route';

/** The guard for a route's `access`: built by the composition root from the accounts module. */
export type AccessGuard = (access: RouteAccess) => preHandlerAsyncHookHandler | undefined;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: the request's parts already validated by the route's own schemas. */
export interface RouteInput<R extends ApiRoute> {
  params: Output<R['params']>;
  query: Output<R['query']>;
  body: Output<R['body']>;
  /** The body's files (multipart), removed when the request ends; empty unless `files` allowed them. */
  files: UploadedFile[];
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /** The files this call takes (multipart); without it a file part is refused with 415. */
  files?: BodyOptions['files'];
  /** Extra Fastify route options (a rate limit's onRequest, a route-level body limit). */
  fastify?: { onRequest?: preHandlerAsyncHookHandler; bodyLimit?: number };
}

export type RouteHandler<R extends ApiRoute> = (
  input: RouteInput<R>,
) => Promise<z.input<R['response']>> | z.input<R['response']>;

/** What a handler of `routeWithRawFields` receives: the body's fields as sent, not yet checked. */
export type RawFieldsInput<R extends ApiRoute> = Omit<RouteInput<R>, 'body'> & {
  body: Record<string, unknown>;
};

export type RawFieldsHandler<R extends ApiRoute> = (
  input: RawFieldsInput<R>,
) => Promise<z.input<R['response']>> | z.input<R['response']>;

export interface Router {
  /** Registers one declared route: its guard, its schemas (validation and the API reference) and handler. */
  route<R extends ApiRoute>(route: R, handler: RouteHandler<R>, options?: RouteOptions): void;
  /**
   * Like `route`, but the body's fields reach the handler as sent (the declared body still documents
   * them): for forms whose fields are checked together with what the schema cannot see (an uploaded
   * photo's content, the server's clock, an e-mail already taken), so that one 422 names every problem.
   */
  routeWithRawFields<R extends ApiRoute>(
    route: R,
    handler: RawFieldsHandler<R>,
    options?: RouteOptions,
  ): void;
}

/** Any object of fields: what `routeWithRawFields` reads the body with. */
const anyFields = z.record(z.string(), z.unknown());

const bearer = [{ bearer: [] }];

/** The OpenAPI schema of a declared route (the same zod objects validate and document it). */
function schemaOf(route: ApiRoute): FastifySchema {
  return {
    tags: [route.tag],
    summary: route.summary,
    hide: route.hidden,
    // Only a required credential is listed: an optional one is not a requirement of the call.
    ...(route.access === 'public' || route.access === 'optional' ? {} : { security: bearer }),
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body ? { body: route.body, consumes: formContentTypes } : {}),
    response: { [route.status ?? 200]: route.response },
  } as FastifySchema;
}

/**
 * Routes are registered from their declaration in @pw/contracts (decision 0127): the path, method and
 * schemas come from there, the guard from `access`. A body is read in the handler (JSON or multipart,
 * `parseBody`), after the guard, so a stranger gets 401/403 before anything about the fields.
 */
export function createRouter(app: FastifyInstance, guardFor: AccessGuard): Router {
  function register(
    route: ApiRoute,
    bodySchema: z.ZodType | undefined,
    handler: RouteHandler<ApiRoute>,
    options: RouteOptions,
  ) {
    const guard = guardFor(route.access);
    app.route({
      method: route.method,
      url: route.path,
      schema: schemaOf(route),
      ...(route.body ? bodyReadInHandler : {}),
      ...(guard ? { preHandler: guard } : {}),
      ...options.fastify,
      handler: async (request, reply) => {
        const parsed = bodySchema
          ? await parseBody(request, bodySchema, { files: options.files })
          : { fields: undefined, files: [] };
        const result = await handler({
          params: request.params as never,
          query: request.query as never,
          body: parsed.fields as never,
          files: parsed.files,
          request,
          reply,
        });
        if (route.status) void reply.status(route.status);
        return result;
      },
    });
  }

  return {
    route(route, handler, options = {}) {
      register(route, route.body, handler as RouteHandler<ApiRoute>, options);
    },
    routeWithRawFields(route, handler, options = {}) {
      register(route, route.body ? anyFields : undefined, handler as RouteHandler<ApiRoute>, options);
    },
  };
}
