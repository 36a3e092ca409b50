import { tooManyRequests } from '../errors';
import type { RateLimiter, RateRule } from './rate-limit';

/**
 * Three counters of failed attempts at one secret (a password, a reset code) of one subject (an
 * account), so that knowing the subject's name is not enough to lock its owner out
 * (docs/decisions/0096-lockout-by-failures.md).
 */
export interface FailureRules {
  /** Failures on this subject from this address: someone guessing from one place. */
  pair: RateRule;
  /** Failures from this address on any subject: one place spraying many accounts. */
  address: RateRule;
  /**
   * Failures on this subject from every address. Past this ceiling the subject is under attack: only
   * an address that has not failed on it in the pair's window is let through (one try each), so a
   * flood from many addresses is slowed to the ceiling plus one guess per address, while the owner,
   * from an address of their own, still gets in.
   */
  subject: RateRule;
}

export interface Attempt {
  /** The attempt was not a failure: it is given back and the address's failures on the subject forgotten. */
  succeeded(): Promise<void>;
}

export function createFailureThrottle(limiter: RateLimiter) {
  return {
    /**
     * Counts the attempt as a failure before the secret is checked (so concurrent guesses cannot all
     * slip under a limit) and throws 429 with Retry-After when it is refused. A refused attempt stays
     * counted. Call `succeeded()` once the secret turned out right.
     */
    async begin(rules: FailureRules): Promise<Attempt> {
      const pair = await limiter.count(rules.pair);
      const address = await limiter.count(rules.address);
      const subject = await limiter.count(rules.subject);
      const waits: number[] = [];
      if (!pair.allowed) waits.push(pair.retryAfter);
      if (!address.allowed) waits.push(address.retryAfter);
      // `pair.count` includes this attempt: above 1, this address has failed on the subject before.
      // It may try again once either the attack's window or its own window is over.
      if (!subject.allowed && pair.count > 1) waits.push(Math.min(subject.retryAfter, pair.retryAfter));
      if (waits.length) throw tooManyRequests(Math.max(...waits));
      return {
        async succeeded() {
          await limiter.reset(rules.pair.key);
          await limiter.refund(rules.address);
          await limiter.refund(rules.subject);
        },
      };
    },
  };
}

export type FailureThrottle = ReturnType<typeof createFailureThrottle>;
