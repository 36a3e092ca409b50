import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { AppError } from '../errors';
import { createRateLimiter } from './rate-limit';

describe('rate limiter', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('allows up to the limit, then 429 with Retry-After until the window passes', async () => {
    const limiter = createRateLimiter(ctx.deps.db, ctx.clock);
    const rule = { key: 'probe:a', limit: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) await limiter.consume(rule);
    const refused = await limiter.consume(rule).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(429);
    expect(Number((refused as AppError).headers?.['Retry-After'])).toBeGreaterThan(0);
    ctx.clock.advance(61_000);
    await expect(limiter.consume(rule)).resolves.toBeUndefined();
  });

  it('counts keys separately and forgets a key on reset', async () => {
    const limiter = createRateLimiter(ctx.deps.db, ctx.clock);
    const a = { key: 'probe:b', limit: 1, windowSeconds: 60 };
    const b = { key: 'probe:c', limit: 1, windowSeconds: 60 };
    await limiter.consume(a);
    await limiter.consume(b);
    await expect(limiter.consume(a)).rejects.toBeInstanceOf(AppError);
    await limiter.reset('probe:b');
    await expect(limiter.consume(a)).resolves.toBeUndefined();
  });
});
