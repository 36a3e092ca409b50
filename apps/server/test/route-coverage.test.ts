import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineRoute, idParams, planRoutes } from '@pw/contracts';
import type { TestModule, TestSpecification, Vitest } from 'vitest/node';
import { COVERAGE_DIR_ENV, contractRoutes, coverageGaps, kindOf, requiredKinds } from './route-coverage';
import RouteCoverageReporter from './route-coverage.reporter';

const route = (extra: Partial<Parameters<typeof defineRoute>[0]>) =>
  defineRoute({
    method: 'POST',
    path: '/x',
    tag: 'T',
    summary: 's',
    access: ['admin'],
    response: z.object({}),
    ...extra,
  });

describe('what a route owes (decision 0277)', () => {
  it('follows from the declaration: input, access and roles', () => {
    expect(requiredKinds(route({ body: z.object({ a: z.string() }) }))).toEqual([
      'success',
      'validation',
      'unauthenticated',
      'forbidden',
    ]);
    expect(requiredKinds(route({ access: 'public', body: z.object({}) }))).toEqual(['success', 'validation']);
    expect(requiredKinds(route({ access: 'optional' }))).toEqual(['success']);
    expect(requiredKinds(route({ access: 'signed-in' }))).toEqual(['success', 'unauthenticated']);
    // An id that is not a number is no record (404): such params cannot be refused.
    expect(requiredKinds(route({ params: idParams }))).not.toContain('validation');
    expect(requiredKinds(route({ params: z.object({ token: z.string().regex(/^\w+$/) }) }))).toContain(
      'validation',
    );
  });

  it('drops a kind only when the route declares it exempt', () => {
    const exempt = route({ body: z.object({}), coverageExempt: { validation: 'takes any body' } });
    expect(requiredKinds(exempt)).toEqual(['success', 'unauthenticated', 'forbidden']);
  });

  it('finds every route of every table, nested ones too', () => {
    const routes = contractRoutes();
    expect(routes.get('GET /web/funeral-home/banner-ad')?.access).toEqual(['funeral-home']);
    expect(routes.get(`POST ${planRoutes.bannerAdCreate.path}`)).toBe(planRoutes.bannerAdCreate);
    expect(routes.size).toBeGreaterThan(100);
  });

  it('counts 2xx and 3xx as success, 422 and 400 as validation, and nothing for 404 or 429', () => {
    expect([200, 201, 302, 400, 422, 401, 403, 404, 429, 500].map(kindOf)).toEqual([
      'success',
      'success',
      'success',
      'validation',
      'validation',
      'unauthenticated',
      'forbidden',
      null,
      null,
      null,
    ]);
  });

  it('names each route and what it lacks', () => {
    const one = new Map([['POST /x', route({ body: z.object({}) })]]);
    expect(coverageGaps(new Set(['POST /x\tsuccess', 'POST /x\tforbidden']), one)).toEqual([
      { id: 'POST /x', missing: ['validation', 'unauthenticated'] },
    ]);
  });
});

describe('the reporter (decision 0277)', () => {
  const saved = { exitCode: process.exitCode, dir: process.env[COVERAGE_DIR_ENV] };
  afterEach(() => {
    process.exitCode = saved.exitCode;
    process.env[COVERAGE_DIR_ENV] = saved.dir;
    vi.restoreAllMocks();
  });

  const spec = (moduleId: string) => ({ moduleId }) as TestSpecification;
  async function run(ran: string[], all: string[], testNamePattern?: RegExp) {
    const reporter = new RouteCoverageReporter();
    const vitest = {
      config: { testNamePattern },
      globTestSpecifications: async () => all.map(spec),
    } as unknown as Vitest;
    reporter.onInit(vitest);
    const dir = process.env[COVERAGE_DIR_ENV]!;
    await reporter.onTestRunStart(ran.map(spec));
    fs.writeFileSync(path.join(dir, '1.tsv'), 'GET /web/funeral-home/banner-ad\tsuccess\n');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    process.exitCode = undefined;
    reporter.onTestRunEnd([{} as TestModule]);
    fs.rmSync(dir, { recursive: true, force: true });
    return { exitCode: process.exitCode, printed: errors.mock.calls.map((call) => String(call[0])).join('') };
  }

  it('fails a run of every file, naming the routes that lack a kind', async () => {
    const { exitCode, printed } = await run(['a', 'b'], ['a', 'b']);
    expect(exitCode).toBe(1);
    expect(printed).toContain('GET /web/funeral-home/banner-ad: no validation, no unauthenticated');
  });

  it('does not judge a run of some files, or of some tests', async () => {
    expect(await run(['a'], ['a', 'b'])).toEqual({ exitCode: undefined, printed: '' });
    expect(await run(['a', 'b'], ['a', 'b'], /only this/)).toEqual({ exitCode: undefined, printed: '' });
  });
});
