import { fakeApi, type RecordedCall } from './fake-api';

/**
 * A handler-style view of the fake API (./fake-api.ts): a handler gets the URL and the
 * request and returns the response body, or throws an HttpError for an error status.
 */
export type Handler = (
  url: URL,
  init: { method: string; body: RecordedCall['body'] },
) => unknown | Promise<unknown>;

export interface FakeApi {
  calls: RecordedCall[];
  on(method: string, path: string, handler: Handler): void;
}

export class HttpError {
  constructor(
    public status: number,
    public body: unknown = { message: 'Server error' },
  ) {}
}

export function installFakeApi(): FakeApi {
  const api = fakeApi();
  return {
    calls: api.calls,
    on: (method, path, handler) =>
      api.on(method, path, async (call) => {
        try {
          return { body: await handler(call.url, { method: call.method, body: call.body }) };
        } catch (error) {
          if (error instanceof HttpError) return { status: error.status, body: error.body };
          throw error;
        }
      }),
  };
}

export function deferred<T = unknown>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
