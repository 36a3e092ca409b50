import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { routeUrl, type ApiRoute, type RouteParams } from '@pw/contracts';

/**
 * The API as component tests see it: MSW intercepts the client's real `fetch` calls (started in
 * vitest.setup.ts; anything not answered here is a test failure) and answers them from a table of
 * handlers keyed by "METHOD /path". Every call is recorded. The server itself is not part of a component
 * test; the Playwright specs exercise the real one.
 */
export const apiServer = setupServer();

/**
 * The table key of a declared call, "METHOD /api/path" with its params filled in: handlers and
 * assertions name the route from the route table, never a path string.
 */
export function routeKey<R extends ApiRoute>(route: R, params?: RouteParams<R>): string {
  return `${route.method} ${routeUrl(route, params)}`;
}

export interface RecordedCall {
  method: string;
  url: URL;
  /** Path and query string, e.g. `/api/web/user/video/list?page=2`. */
  path: string;
  /** The request body: FormData for a multipart form, else text (null for GET). */
  body: string | FormData | null;
  /** The Authorization header, if any. */
  authorization: string | null;
  /** The Idempotency-Key header of a payment, if any. */
  idempotencyKey: string | null;
}

export interface Reply {
  status?: number;
  body: unknown;
}

/** A handler may return a promise to hold its response back (to observe optimistic state). */
export type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

export interface FakeApi {
  calls: RecordedCall[];
  on(method: string, path: string, handler: Handler): void;
}

export function fakeApi(handlers: Record<string, Handler> = {}): FakeApi {
  const table = new Map(Object.entries(handlers));
  const calls: RecordedCall[] = [];
  apiServer.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      const call: RecordedCall = {
        method: request.method,
        url,
        path: url.pathname + url.search,
        body: !hasBody
          ? null
          : request.headers.get('content-type')?.startsWith('multipart/form-data')
            ? await request.formData()
            : await request.text(),
        authorization: request.headers.get('authorization'),
        idempotencyKey: request.headers.get('idempotency-key'),
      };
      calls.push(call);
      const handler = table.get(`${call.method} ${url.pathname}`);
      if (!handler) return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      const { status = 200, body } = await handler(call);
      return HttpResponse.json(body as object, { status });
    }),
  );
  return { calls, on: (method, path, handler) => table.set(`${method} ${path}`, handler) };
}
