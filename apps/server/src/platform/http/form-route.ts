import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * Route option for calls whose body is read in the handler with `parseBody` (multipart or JSON alike).
 * The route's `body` schema still documents the call in the OpenAPI reference, but Fastify does not
 * validate it: a multipart body is not parsed before the handler, and reading it in the handler also
 * lets the auth guard (a preHandler) answer 401/403 before any 422 about the fields.
 */
export const bodyReadInHandler: { validatorCompiler: FastifySchemaCompiler<unknown> } = {
  validatorCompiler: (route) =>
    route.httpPart === 'body'
      ? (data: unknown) => ({ value: data })
      : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]),
};

/** The media types of such a call in the reference: the contract's multipart form, or JSON alike. */
export const formContentTypes = ['multipart/form-data', 'application/json'];
