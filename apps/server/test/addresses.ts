import { API_HEALTH_PATH, API_ROOT, type ApiRoute } from '@pw/contracts';

/**
 * The addresses server tests write out on purpose, because the route table does not declare them: the
 * server's own endpoints beside the table (health, the API reference) and paths nothing answers (the
 * 404 tests). Every declared call is addressed with `routeUrl(route, params)`; the lint rule against
 * '/api/' literals lets this file alone among the server tests keep them.
 */
export const undeclaredPaths = {
  health: API_HEALTH_PATH,
  docs: '/api/docs',
  docsJson: '/api/docs/json',
  /** Answers only the API's 404, never the web app. */
  missing: '/api/nothing-here',
  missingShort: '/api/nope',
  /** Starts like the reference but is not it. */
  notDocs: '/api/docs-not-really',
} as const;

/**
 * A route's address with its params written verbatim, not encoded: for an address sent or expected
 * exactly as written (a malformed escape, a redacted log line).
 */
export function rawRouteUrl(route: ApiRoute, params: Record<string, string | number>): string {
  return `${API_ROOT}${route.path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => String(params[name]))}`;
}

/** The path of a route in the published API reference, params in braces: `/api/watch/{token}`. */
export const referencePath = (route: ApiRoute) =>
  `${API_ROOT}${route.path.replace(/:([A-Za-z_]\w*)/g, '{$1}')}`;

/** A test title naming a call as it is declared: `POST /api/web/user/signup`. */
export const routeTitle = (route: ApiRoute) => `${route.method} ${API_ROOT}${route.path}`;
