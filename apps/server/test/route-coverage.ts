/**
 * Route coverage (decision 0277): which kinds of answer the server suite provoked on each route of the
 * contracts' route table. Every test app records its answers (route + kind) into a file per worker
 * process; the reporter in `route-coverage.reporter.ts` merges them after a full run and fails it
 * naming every route that owes a kind no test provoked.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as contracts from '@pw/contracts';
import { API_ROOT, type ApiRoute, type CoverageKind } from '@pw/contracts';

/** Where the workers write their records: set by the reporter before any worker starts. */
export const COVERAGE_DIR_ENV = 'PW_ROUTE_COVERAGE_DIR';

export const COVERAGE_KINDS: readonly CoverageKind[] = [
  'success',
  'validation',
  'unauthenticated',
  'forbidden',
];

/** A route's id in records and in the check's report: its method and path as declared. */
export const routeId = (route: Pick<ApiRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** The kind an answer counts as, if any (a 404 or 429 is a test of something else). */
export function kindOf(status: number): CoverageKind | null {
  if (status >= 200 && status < 400) return 'success';
  if (status === 422 || status === 400) return 'validation';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  return null;
}

const isRoute = (value: unknown): value is ApiRoute =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ApiRoute).method === 'string' &&
  typeof (value as ApiRoute).path === 'string' &&
  'access' in value &&
  'response' in value;

/**
 * Every route the contracts export, found by walking the route tables (`fooRoutes`, nested by role),
 * so a route added to any table is checked the day it lands.
 */
export function contractRoutes(): Map<string, ApiRoute> {
  const routes = new Map<string, ApiRoute>();
  const walk = (value: unknown, depth: number) => {
    if (isRoute(value)) {
      routes.set(routeId(value), value);
      return;
    }
    if (depth > 3 || typeof value !== 'object' || value === null || Array.isArray(value)) return;
    for (const item of Object.values(value)) walk(item, depth + 1);
  };
  for (const [name, value] of Object.entries(contracts)) if (name.endsWith('Routes')) walk(value, 0);
  return routes;
}

/** Odd values a path or query part may carry: a part whose schema takes each of them refuses nothing. */
const ODD_VALUES = ['', 'x', '-1', '0', '1.5', 'a'.repeat(300), '%', '!', 'null'];

/**
 * Whether a params or query schema can refuse a request at all. Some never do by design: an id that is
 * not a number reads as no record (404), an unknown token as nothing found; no test can make them 422.
 */
function canRefuse(schema: ApiRoute['params']): boolean {
  if (!schema) return false;
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (!shape) return true;
  return Object.keys(shape).some((key) =>
    ODD_VALUES.some((value) => !schema.safeParse({ [key]: value }).success),
  );
}

/**
 * The kinds a route owes, from its declaration, less those it declares exempt (with a reason):
 * validation when it takes a body, or params or a query that can be refused; 401 unless anyone may call;
 * 403 when only some roles may.
 */
export function requiredKinds(route: ApiRoute): CoverageKind[] {
  const owed: CoverageKind[] = ['success'];
  if (route.body || canRefuse(route.params) || canRefuse(route.query)) owed.push('validation');
  if (route.access !== 'public' && route.access !== 'optional') owed.push('unauthenticated');
  if (Array.isArray(route.access)) owed.push('forbidden');
  return owed.filter((kind) => !route.coverageExempt?.[kind]);
}

/** The routes that owe a kind no record shows, each with what is missing. */
export function coverageGaps(
  records: ReadonlySet<string>,
  routes = contractRoutes(),
): Array<{ id: string; missing: CoverageKind[] }> {
  const gaps: Array<{ id: string; missing: CoverageKind[] }> = [];
  for (const [id, route] of routes) {
    const missing = requiredKinds(route).filter((kind) => !records.has(`${id}\t${kind}`));
    if (missing.length) gaps.push({ id, missing });
  }
  return gaps;
}

/** Reads every worker's records (`route id<TAB>kind` lines) from the directory. */
export function readRecords(dir: string): Set<string> {
  const records = new Set<string>();
  for (const name of fs.readdirSync(dir)) {
    for (const line of fs.readFileSync(path.join(dir, name), 'utf8').split('\n')) if (line) records.add(line);
  }
  return records;
}

const written = new Set<string>();

/**
 * Records the kind of every answer the app gives on a declared route. Called by `createTestContext`
 * before the app is ready; a no-op when no reporter asked for records (an editor's test runner).
 */
export function recordRouteCoverage(app: FastifyInstance): void {
  const dir = process.env[COVERAGE_DIR_ENV];
  if (!dir) return;
  const file = path.join(dir, `${process.pid}.tsv`);
  app.addHook('onResponse', async (request, reply) => {
    const kind = kindOf(reply.statusCode);
    const url = request.routeOptions.url;
    if (!kind || !url?.startsWith(`${API_ROOT}/`)) return;
    const line = `${request.method} ${url.slice(API_ROOT.length)}\t${kind}`;
    if (written.has(line)) return;
    written.add(line);
    fs.appendFileSync(file, `${line}\n`);
  });
}
