import { sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import type { Clock } from '../clock';
import { tooManyRequests } from '../errors';
import { rateLimits } from './rate-limit.schema';

export interface RateRule {
  /** Counter name, e.g. `login:ip:1.2.3.4` or `login:account:a@b.c`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * A fixed-window limiter stored in the database (see docs/decisions/0004-rate-limits.md): one upsert per
 * rule, atomic in SQL, so several API processes behind a load balancer count together.
 */
export function createRateLimiter(db: Db, clock: Clock) {
  async function hit(rule: RateRule): Promise<{ allowed: boolean; retryAfter: number }> {
    const now = clock.now();
    const windowStartFloor = new Date(now.getTime() - rule.windowSeconds * 1000);
    const [row] = await db
      .insert(rateLimits)
      .values({ key: rule.key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} <= ${windowStartFloor.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStartFloor.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
        },
      })
      .returning();
    if (!row) return { allowed: true, retryAfter: 0 };
    const elapsed = (now.getTime() - row.windowStart.getTime()) / 1000;
    const retryAfter = Math.max(1, Math.ceil(rule.windowSeconds - elapsed));
    return { allowed: row.count <= rule.limit, retryAfter };
  }

  return {
    /** Counts one attempt against every rule; throws 429 (with Retry-After) when any is over its limit. */
    async consume(...rules: RateRule[]): Promise<void> {
      let worst = 0;
      for (const rule of rules) {
        const result = await hit(rule);
        if (!result.allowed) worst = Math.max(worst, result.retryAfter);
      }
      if (worst > 0) throw tooManyRequests(worst);
    },
    /** Forgets a counter, e.g. the per-account login counter after a successful login. */
    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
