import { beforeAll, describe, expect, it } from 'vitest';
import { contextForSuite } from '../../../test/helpers';
import { AppError } from '../errors';
import { createRateLimiter } from './rate-limit';
import { createFailureThrottle, type FailureRules } from './failure-throttle';

/** What a refused attempt carries: 429 and its Retry-After, or null when let through. */
async function refusal(attempt: Promise<unknown>): Promise<number | null> {
  try {
    await attempt;
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(429);
    return Number((error as AppError).headers?.['Retry-After']);
  }
}

describe('failure throttle', () => {
  let throttle: ReturnType<typeof createFailureThrottle>;
  let subjects = 0;
  const ctx = contextForSuite();
  beforeAll(async () => {
    throttle = createFailureThrottle(createRateLimiter(ctx.deps.db, ctx.clock));
  });

  const rulesFor =
    (subject: string) =>
    (address: string): FailureRules => ({
      pair: { key: `t-pair:${subject}|${address}`, limit: 3, windowSeconds: 60 },
      address: { key: `t-address:${address}`, limit: 50, windowSeconds: 60 },
      subject: { key: `t-subject:${subject}`, limit: 5, windowSeconds: 120 },
    });
  const freshSubject = () => rulesFor(`s${++subjects}`);

  it('refuses an address past its failures on the subject; a success forgets them', async () => {
    const rules = freshSubject();
    for (let i = 0; i < 3; i += 1) await throttle.begin(rules('10.0.0.1'));
    expect(await refusal(throttle.begin(rules('10.0.0.1')))).toBeGreaterThan(0);
    // Another address is not concerned.
    const other = await throttle.begin(rules('10.0.0.2'));
    await other.succeeded();
    ctx.clock.advance(121_000); // both windows over
    const ok = await throttle.begin(rules('10.0.0.1'));
    await ok.succeeded();
    for (let i = 0; i < 3; i += 1) await throttle.begin(rules('10.0.0.1'));
    expect(await refusal(throttle.begin(rules('10.0.0.1')))).not.toBeNull();
  });

  it('past the subject ceiling lets through only addresses that have not failed on it', async () => {
    const rules = freshSubject();
    // Five addresses fail once each: the ceiling (5) is reached.
    for (let i = 1; i <= 5; i += 1) await throttle.begin(rules(`10.1.0.${i}`));
    // Each of them is now refused at once, though far under its own limit of 3 ...
    for (let i = 1; i <= 5; i += 1) {
      const wait = await refusal(throttle.begin(rules(`10.1.0.${i}`)));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60); // its own window ends first
    }
    // ... while a clean address gets one try, and only one.
    const owner = await throttle.begin(rules('10.1.0.99'));
    await owner.succeeded();
    const clean = await throttle.begin(rules('10.1.0.100'));
    expect(clean).toBeDefined();
    expect(await refusal(throttle.begin(rules('10.1.0.100')))).not.toBeNull();
  });

  it('counts concurrent attempts before they are checked: a burst cannot slip under the limit', async () => {
    const rules = freshSubject();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => refusal(throttle.begin(rules('10.2.0.1')))),
    );
    // Never more than the pair's limit of 3. Fewer is right too: on PostgreSQL the ten run on several
    // connections, so an attempt counted 2nd or 3rd on the pair may be counted past the subject's
    // ceiling of 5 by then, and an address that failed before is refused there (PGlite runs them one
    // after another, and lets exactly 3 through). The first is always let through.
    const letThrough = outcomes.filter((wait) => wait === null).length;
    expect(letThrough).toBeGreaterThanOrEqual(1);
    expect(letThrough).toBeLessThanOrEqual(3);
    expect(outcomes.filter((wait) => wait !== null).every((wait) => wait! > 0)).toBe(true);
  });

  it('refuses an address past its failures on every subject together', async () => {
    const address = '10.3.0.1';
    for (let i = 0; i < 50; i += 1) await throttle.begin(freshSubject()(address));
    expect(await refusal(throttle.begin(freshSubject()(address)))).not.toBeNull();
  });
});
