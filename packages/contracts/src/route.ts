import type { z } from 'zod';
import type { AccountType } from './account-types';

/**
 * The route table (decision 0127): every API call is declared once, here in contracts, with its method,
 * path, who may call it and the schemas of its params, query, body and answer. The server registers its
 * routes from these declarations, the web client and the e2e helpers call through them; a path string
 * is written nowhere else.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `public` (no credential looked at), `optional` (a credential, when sent, must be valid),
 * `signed-in` (any role), or the roles allowed.
 */
export type RouteAccess = 'public' | 'optional' | 'signed-in' | readonly AccountType[];

type Schema = z.ZodType;

/**
 * The kinds of answer the server suite must provoke on every route (decision 0277): a success (2xx, or
 * the 3xx a redirecting call answers), a refused input (422, or 400), a missing credential (401) and a
 * wrong role (403). Which ones a route owes follows from its declaration: validation when it has
 * params, a query or a body; 401 unless it is public or optional; 403 when only some roles may call.
 */
export type CoverageKind = 'success' | 'validation' | 'unauthenticated' | 'forbidden';

export interface ApiRoute {
  method: HttpMethod;
  /** Under /api, Fastify style: `/admin/queries/:id/detail`. */
  path: string;
  /** The OpenAPI tag: the module's name as a reader would say it ('Admin queries'). */
  tag: string;
  summary: string;
  access: RouteAccess;
  params?: Schema;
  query?: Schema;
  /** A JSON or multipart body (the existing client sends some calls as either): read in the handler. */
  body?: Schema;
  /** The answer; `status` when it is not 200 (a created resource: 201, a report taken in: 202). */
  response: Schema;
  status?: 200 | 201 | 202;
  /** Left out of the API reference (internal protocol routes such as tus). */
  hidden?: boolean;
  /**
   * A kind of answer this route owes but cannot give, each with the reason (decision 0277): the route
   * coverage check of the server suite then stops asking for it. Never left out silently.
   */
  coverageExempt?: Partial<Record<CoverageKind, string>>;
}

/** Declares a route and keeps its literal types (method, path and schemas) for callers. */
export const defineRoute = <const R extends ApiRoute>(route: R): R => route;

/** The `:name` parts of a path, as an object type. */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteParams<R extends ApiRoute> = [PathParamNames<R['path']>] extends [never]
  ? Record<string, never>
  : Record<PathParamNames<R['path']>, string | number>;

/** What a caller sends as the query: the schema's input, every value optional where the schema says so. */
export type RouteQuery<R extends ApiRoute> = R['query'] extends Schema ? z.input<R['query']> : never;
/** What a caller sends as the body: inferred from the schema, never declared again. */
export type RouteBody<R extends ApiRoute> = R['body'] extends Schema ? z.input<R['body']> : never;
/** What the server answers. */
export type RouteResponse<R extends ApiRoute> = z.output<R['response']>;

type QueryValue = string | number | boolean | null | undefined;

/** docs/product.md §13.2 helper: key/value pairs, each encoded, joined with ampersands; empty when none. */
export function buildQuery(params: Record<string, QueryValue> = {}): string {
  const pairs = Object.entries(params).filter(
    ([, value]) => value !== undefined && value !== null && value !== '',
  );
  if (pairs.length === 0) return '';
  return `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`).join('&')}`;
}

/**
 * The path of a call with its params filled in (each encoded) and its query appended, under /api's
 * root (callers add `/api`). A missing param is a programming error, so it throws.
 */
export function routePath<R extends ApiRoute>(
  route: R,
  params: RouteParams<R> = {} as RouteParams<R>,
  query?: Record<string, QueryValue>,
): string {
  const values = params as Record<string, string | number>;
  const filled = route.path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') throw new Error(`${route.path}: the param ${name} is missing.`);
    return encodeURIComponent(String(value));
  });
  return `${filled}${buildQuery(query)}`;
}

/** Where the server mounts the route table: every declared path lives under it. */
export const API_ROOT = '/api';

/** The server's health check: beside the route table (no schema, not in the reference), for probes. */
export const API_HEALTH_PATH = `${API_ROOT}/health`;

/**
 * The address a client requests for a call: `routePath` under the API's root. Tests, the web's fake API
 * and the e2e helpers build every URL of a declared call with it, so a renamed path moves them all.
 */
export function routeUrl<R extends ApiRoute>(
  route: R,
  params: RouteParams<R> = {} as RouteParams<R>,
  query?: Record<string, QueryValue>,
): string {
  return `${API_ROOT}${routePath(route, params, query)}`;
}

/** The path of a call in the published API reference (OpenAPI), params in braces: `/api/watch/{token}`. */
export const referencePath = (route: ApiRoute): string =>
  `${API_ROOT}${route.path.replace(/:([A-Za-z_]\w*)/g, '{$1}')}`;
