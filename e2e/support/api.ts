import type { APIRequestContext, APIResponse } from '@playwright/test';
import { API_ROOT, routeUrl, type ApiRoute, type RouteBody, type RouteParams } from '@pw/contracts';

/** The API reference's page: served beside the route table, not declared in it. */
export const API_REFERENCE_PAGE = `${API_ROOT}/docs`;

type QueryValue = string | number | boolean | null | undefined;

export interface CallInput<R extends ApiRoute> {
  params?: RouteParams<R>;
  query?: Record<string, QueryValue>;
  /** A JSON body, or `multipart` for the calls the existing client sends as a form. */
  body?: Partial<RouteBody<R>> | Record<string, unknown>;
  /** A form's fields, or a FormData when a field repeats (several files under one name). */
  multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> | FormData;
  token?: string;
  headers?: Record<string, string>;
}

/**
 * Calls a declared route (decision 0127) the way the web client does: the address comes from the route
 * table, never from a path string in a test.
 */
export function callApi<R extends ApiRoute>(
  request: APIRequestContext,
  route: R,
  input: CallInput<R> = {},
): Promise<APIResponse> {
  const url = routeUrl(route, input.params, input.query);
  const headers = { ...input.headers, ...(input.token ? { Authorization: `Bearer ${input.token}` } : {}) };
  return request.fetch(url, {
    method: route.method,
    headers,
    ...(input.multipart ? { multipart: input.multipart } : {}),
    ...(input.body !== undefined ? { data: input.body } : {}),
  });
}
