import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import type { Clock } from '../clock';
import { tooManyRequests } from '../errors';
import { rateLimits } from './rate-limit.schema';

export interface RateRule {
  /** Counter name, e.g. `signupPerIp:1.2.3.4` or `loginFailuresPerAccount:a@b.c`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface Hit {
  /** Attempts in the current window, this one included. */
  count: number;
  allowed: boolean;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
}

/** `%` and `_` are LIKE wildcards; a key prefix (an e-mail) may contain them. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A fixed-window limiter stored in the database (see docs/decisions/0096): one upsert per
 * rule, atomic in SQL, so several API processes behind a load balancer count together.
 */
export function createRateLimiter(db: Db, clock: Clock) {
  const windowFloor = (rule: Pick<RateRule, 'windowSeconds'>, now: Date) =>
    new Date(now.getTime() - rule.windowSeconds * 1000).toISOString();

  /**
   * Counts one attempt (or `amount` of them) against the rule (a new window starts in place when the old
   * one is over). With `tx`, the count is part of the caller's transaction: it is undone if that rolls back.
   */
  async function count(rule: RateRule, options: { amount?: number; tx?: DbOrTx } = {}): Promise<Hit> {
    const amount = options.amount ?? 1;
    const now = clock.now();
    const floor = windowFloor(rule, now);
    const [row] = await (options.tx ?? db)
      .insert(rateLimits)
      .values({ key: rule.key, windowStart: now, count: amount })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} <= ${floor}::timestamptz then ${amount}::integer else ${rateLimits.count} + ${amount}::integer end`,
          windowStart: sql`case when ${rateLimits.windowStart} <= ${floor}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
        },
      })
      .returning();
    if (!row) return { count: amount, allowed: amount <= rule.limit, retryAfter: 1 };
    const elapsed = (now.getTime() - row.windowStart.getTime()) / 1000;
    const retryAfter = Math.max(1, Math.ceil(rule.windowSeconds - elapsed));
    return { count: row.count, allowed: row.count <= rule.limit, retryAfter };
  }

  return {
    count,

    /** Counts one attempt against every rule; throws 429 (with Retry-After) when any is over its limit. */
    async consume(...rules: RateRule[]): Promise<void> {
      let worst = 0;
      for (const rule of rules) {
        const result = await count(rule);
        if (!result.allowed) worst = Math.max(worst, result.retryAfter);
      }
      if (worst > 0) throw tooManyRequests(worst);
    },

    /**
     * Takes back one attempt (or `amount`) counted in the current window (an attempt that turned out not to be a
     * failure). Nothing happens when the window has passed meanwhile.
     */
    async refund(rule: RateRule, amount = 1): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - ${amount}::integer, 0)` })
        .where(
          and(
            eq(rateLimits.key, rule.key),
            gt(rateLimits.windowStart, new Date(windowFloor(rule, clock.now()))),
          ),
        );
    },

    /** Forgets a counter, e.g. an address's failures on an account after it signed in. */
    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },

    /** Forgets every counter whose key starts with `prefix`. */
    async resetPrefix(prefix: string): Promise<void> {
      await db.delete(rateLimits).where(like(rateLimits.key, `${escapeLike(prefix)}%`));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
