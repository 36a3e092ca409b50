import type { preHandlerAsyncHookHandler } from 'fastify';

/**
 * A route option (`fastify.onRequest`) for calls the existing client makes with
 * `Content-Type: application/json` and no body at all (publish is "an empty body", docs/product.md §13.2):
 * such a request is read as one without a body (`{}` for parseBody) instead of Fastify's 400 for an empty
 * JSON body. Only a body announced as empty counts (`Content-Length: 0`, or no length and no chunked
 * transfer); a body that is sent is parsed, and refused when it is not JSON, as everywhere.
 */
export const emptyJsonIsNoBody: preHandlerAsyncHookHandler = async (request) => {
  const headers = request.raw.headers;
  const type = headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) return;
  const announcedEmpty =
    headers['content-length'] === '0' ||
    (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined);
  if (announcedEmpty) delete headers['content-type'];
};
