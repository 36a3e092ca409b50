import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { createTestContext, type TestContext } from './helpers';
import {
  accountRoutes,
  deliveryRoutes,
  notificationRoutes,
  queryRoutes,
  videoRoutes,
  referencePath,
} from '@pw/contracts';
import {
  operationsOf,
  randomRequest,
  systematicRequests,
  type FuzzRequest,
  type Identity,
  type Operation,
} from './contract-fuzz';
import {
  ADMIN_ENV,
  randomIp,
  signInAdmin,
  signUpFuneralHome,
  signUpUser,
} from '../src/modules/accounts/accounts.fixtures';

/** Fixed, so a failure is replayed exactly (fast-check prints the seed and the shrunk request too). */
const SEED = 20261122;
const RANDOM_RUNS = 1500;

/**
 * One share of the sweep: the suite is cut in `of` files (app.fuzz.part-N.test.ts) so its thousands of
 * requests run on both of the suite's workers instead of making the one file everything waits for.
 * Share `part` takes every `of`-th operation of the reference and as many random requests (its own seed).
 */
export interface FuzzShare {
  part: number;
  of: number;
}

/**
 * Hostile input: thousands of malformed requests over every operation of the API reference, as a visitor, with
 * a bogus token and as each role: never a 5xx, and every 4xx in the contract's envelope (`message` a string).
 * The operations come from the OpenAPI document the app publishes, so a new call is covered at once.
 */
export function describeFuzzShare({ part, of }: FuzzShare): void {
  describe(`malformed requests over every operation of the API reference (share ${part + 1} of ${of})`, () => {
    let ctx: TestContext;
    let all: Operation[];
    let operations: Operation[];
    const accountIds: Partial<Record<Identity, number>> = {};

    beforeAll(async () => {
      // Malformed requests test the pipeline, not each route's own rules: they count for no route.
      ctx = await createTestContext(ADMIN_ENV, { recordCoverage: false });
      accountIds.user = (await signUpUser(ctx)).id;
      accountIds['funeral-home'] = (await signUpFuneralHome(ctx)).id;
      accountIds.admin = (await signInAdmin(ctx)).id;
      all = operationsOf(ctx.app.swagger());
      operations = all.filter((_, index) => index % of === part);
    });
    afterAll(() => ctx.close());

    // Fresh sessions per operation keep a fuzzed logout or password change from signing the others out.
    const tokens = new Map<string, string>();
    const headersFor = async (request: FuzzRequest): Promise<Record<string, string>> => {
      const { identity } = request;
      if (identity === 'visitor') return {};
      if (identity === 'bogus') return { authorization: 'Bearer not-a-real-token' };
      const key = `${request.label.split(':')[0]} ${identity}`;
      let token = tokens.get(key);
      if (!token) {
        token = await ctx.deps.sessions.create(accountIds[identity]!, false);
        tokens.set(key, token);
      }
      return { authorization: `Bearer ${token}` };
    };

    const send = async (request: FuzzRequest): Promise<LightMyRequestResponse> =>
      ctx.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...(await headersFor(request)), ...request.headers },
        payload: request.payload,
        remoteAddress: randomIp(),
      });

    /** Why an answer breaks the contract, or null when it keeps it. */
    const fault = (response: LightMyRequestResponse): string | null => {
      if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 200)}`;
      if (response.statusCode < 400) return null;
      try {
        const body = JSON.parse(response.body) as { message?: unknown };
        return typeof body.message === 'string' ? null : `${response.statusCode} without a message`;
      } catch {
        return `${response.statusCode} not JSON: ${response.body.slice(0, 100)}`;
      }
    };

    it('reads the operations from the published reference', () => {
      const listed = all.map((operation) => `${operation.method} ${operation.path}`);
      // A few landmarks of docs/product.md §13.2; the full list is whatever the reference publishes.
      expect(listed).toEqual(
        expect.arrayContaining(
          [
            accountRoutes.webLogin,
            accountRoutes.webVerifyCode,
            queryRoutes.contactUs,
            videoRoutes.store,
            notificationRoutes.toggle,
            deliveryRoutes.watch,
          ].map((route) => `${route.method} ${referencePath(route)}`),
        ),
      );
      expect(all.length).toBeGreaterThanOrEqual(40);
      expect(operations.length).toBeGreaterThanOrEqual(Math.floor(all.length / of));
    });

    it('answers every named malformation of every operation with a 4xx in the envelope, never a 5xx', async () => {
      const faults: string[] = [];
      let sent = 0;
      const seenQuery = new Set<string>();
      for (const operation of operations) {
        for (const request of systematicRequests(operation, seenQuery)) {
          const problem = fault(await send(request));
          sent += 1;
          if (problem) faults.push(`${request.label} as ${request.identity}: ${problem}`);
        }
      }
      expect(faults).toEqual([]);
      expect(sent).toBeGreaterThan(3000 / of);
      console.log(
        `fuzz share ${part + 1} of ${of}: ${sent} malformed requests over ${operations.length} operations`,
      );
      // The time grows with every operation the reference lists: the budget is generous so a busy machine
      // is no failure. A query parameter shared by many lists gets its whole matrix once (contract-fuzz.ts).
    }, 600_000);

    it('answers random malformed requests (seeded) with a 4xx in the envelope, never a 5xx', async () => {
      await fc.assert(
        fc.asyncProperty(randomRequest(operations), async (request) => {
          const problem = fault(await send(request));
          if (problem) throw new Error(`${request.label} ${request.url.slice(0, 120)}: ${problem}`);
        }),
        { seed: SEED + part, numRuns: Math.ceil(RANDOM_RUNS / of) },
      );
    }, 120_000);
  });
}
