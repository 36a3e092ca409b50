import { describe, expect, it } from 'vitest';
import { contextForSuite } from '../../../test/helpers';
import { AppError } from '../errors';
import { createRateLimiter } from './rate-limit';

describe('rate limiter', () => {
  const ctx = contextForSuite();

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

  it('gives back one attempt of the current window, never below zero and never into a new window', async () => {
    const limiter = createRateLimiter(ctx.deps.db, ctx.clock);
    const rule = { key: 'probe:d', limit: 2, windowSeconds: 60 };
    await limiter.count(rule);
    await limiter.count(rule);
    await limiter.refund(rule);
    expect((await limiter.count(rule)).count).toBe(2);
    await limiter.refund(rule);
    await limiter.refund(rule);
    await limiter.refund(rule);
    expect((await limiter.count(rule)).count).toBe(1);
    ctx.clock.advance(61_000);
    await limiter.refund(rule);
    expect((await limiter.count(rule)).count).toBe(1);
  });

  it('forgets every key under a prefix, reading % and _ in it literally', async () => {
    const limiter = createRateLimiter(ctx.deps.db, ctx.clock);
    const rule = (key: string) => ({ key, limit: 5, windowSeconds: 60 });
    for (const key of [
      'tries:a_b@x.y|1.2.3.4',
      'tries:a_b@x.y|::1',
      'tries:aXb@x.y|1.2.3.4',
      'tries:a%@x.y|1',
    ])
      await limiter.count(rule(key));
    await limiter.resetPrefix('tries:a_b@x.y|');
    expect((await limiter.count(rule('tries:a_b@x.y|1.2.3.4'))).count).toBe(1);
    expect((await limiter.count(rule('tries:a_b@x.y|::1'))).count).toBe(1);
    expect((await limiter.count(rule('tries:aXb@x.y|1.2.3.4'))).count).toBe(2);
    await limiter.resetPrefix('tries:a%');
    expect((await limiter.count(rule('tries:a%@x.y|1'))).count).toBe(1);
    expect((await limiter.count(rule('tries:aXb@x.y|1.2.3.4'))).count).toBe(3);
  });
});
