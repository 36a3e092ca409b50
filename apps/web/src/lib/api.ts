import {
  routePath,
  type ApiRoute,
  type RouteBody,
  type RouteParams,
  type RouteResponse,
} from '@pw/contracts';
import { session } from './session';
import { STORAGE_KEYS } from './storage-keys';

/**
 * Called when a request that carried a credential gets 401 (expired or revoked session): the stored
 * session and every cached answer are cleared, so the area layouts send the person to the login page. Set
 * here, not by the app's root, so a page that asks nothing (the visitor's home page) loads none of it; tests
 * may replace it.
 */
let onUnauthorized: (() => void) | null = () => {
  session.clear();
  void import('./query-client').then(({ clearQueryCache }) => clearQueryCache());
};
export function setUnauthorizedHandler(handler: (() => void) | null) {
  onUnauthorized = handler;
}

/**
 * The one HTTP client (docs/product.md §13.2): base path /api on the same origin, JSON by default, multipart for
 * FormData, `Authorization: Bearer {token}` whenever accessToken exists. No timeout; failures pass
 * through as ApiError carrying the server's envelope so forms can show `message` and `errors`.
 */
export const API_BASE = '/api';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
    public readonly body?: unknown,
  ) {
    super(message);
  }
}

type Body = FormData | Record<string, unknown> | undefined;

export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: Body; signal?: AbortSignal; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  const token = localStorage.getItem(STORAGE_KEYS.accessToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body,
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Unable to reach the server. Please check your connection and try again.');
  }
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    if (response.status === 401 && token) onUnauthorized?.();
    const envelope = (json ?? {}) as { message?: string; errors?: Record<string, string[]> };
    throw new ApiError(
      response.status,
      envelope.message ?? `Request failed (${response.status}).`,
      envelope.errors,
      json,
    );
  }
  return json as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiFetch<T>(path, { signal }),
  post: <T>(path: string, body?: Body) => apiFetch<T>(path, { method: 'POST', body }),
  delete: <T>(path: string) => apiFetch<T>(path, { method: 'DELETE' }),
};

/** The field errors of a 422 answer, first message per field. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    if (messages[0]) out[field] = messages[0];
  }
  return out;
}

/** docs/product.md §13.5: what a list or page says when its data cannot be read. */
export const FETCH_FAILED_MESSAGE = 'Unable to fetch data';

// Contract text, kept as written (contract): 'Unkown' and 'Accured' are the contract's spelling.
export const UNKNOWN_ERROR_MESSAGE = 'Unkown Error Accured!';

/** The message to show under a form for a failed call. */
export function errorMessage(error: unknown, fallback = UNKNOWN_ERROR_MESSAGE): string {
  if (!(error instanceof ApiError)) return fallback;
  // The server's own text when it sent one; the network message when it could not be reached.
  const body = error.body as { message?: unknown } | undefined;
  if (typeof body?.message === 'string' && body.message) return body.message;
  return error.status === 0 ? error.message : fallback;
}

type RouteQueryValues = Record<string, string | number | boolean | null | undefined>;

export interface CallInput<R extends ApiRoute> {
  params?: RouteParams<R>;
  query?: RouteQueryValues;
  /** JSON (inferred from the route's schema), or a FormData for the calls the contract sends as forms. */
  body?: RouteBody<R> | FormData;
  signal?: AbortSignal;
  /** Extra headers: a payment's `Idempotency-Key`, so a retry of the same purchase charges once. */
  headers?: Record<string, string>;
}

/**
 * Calls a route declared in @pw/contracts (decision 0127): the method and path come from the route
 * table, the body's type from its schema, the answer's type from its response schema.
 */
export function callRoute<R extends ApiRoute>(route: R, input: CallInput<R> = {}): Promise<RouteResponse<R>> {
  return apiFetch<RouteResponse<R>>(routePath(route, input.params, input.query), {
    method: route.method,
    body: input.body as Body,
    signal: input.signal,
    headers: input.headers,
  });
}

/** The contract's multipart form of a call: each field once, arrays as `name[]`, null and undefined left out. */
export function toFormData(
  fields: Record<string, string | number | boolean | Blob | null | undefined | Array<string | number>>,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) form.append(`${key}[]`, String(item));
    else form.append(key, value instanceof Blob ? value : String(value));
  }
  return form;
}
