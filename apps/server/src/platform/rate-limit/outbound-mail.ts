import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { MAIL_LIMIT_MESSAGE, MAIL_RECIPIENT_LIMIT_MESSAGE } from '@pw/contracts';
import type { DbOrTx } from '../db/index';
import { AppError } from '../errors';
import type { RateLimiter, RateRule } from './rate-limit';

/**
 * How many e-mails one account may make the platform send to other people: a burst, a day, and one
 * address a day. The platform's name is on these mails, so it must not be usable as a relay
 * (docs/product.md §10.4).
 */
export const OUTBOUND_MAIL_LIMITS = {
  perAccountBurst: { limit: 10, windowSeconds: 10 * 60 },
  perAccountDay: { limit: 50, windowSeconds: 24 * 60 * 60 },
  perRecipientDay: { limit: 3, windowSeconds: 24 * 60 * 60 },
} as const;

/** A recipient as the counters and the log name it: never the address itself. */
export const recipientHash = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);

export interface MailAllowance {
  /** The e-mails were not sent after all (the send failed, or it was a retry answered without one). */
  giveBack(): Promise<void>;
}

/**
 * The one limit every e-mail an account makes the platform send to someone else goes through. Counted
 * in the database (shared by every API process) before anything is sent.
 */
export function createOutboundMailLimit(limiter: RateLimiter, logger: Pick<FastifyBaseLogger, 'warn'>) {
  const rules = (accountId: number) => ({
    burst: { key: `mailOut:${accountId}`, ...OUTBOUND_MAIL_LIMITS.perAccountBurst },
    day: { key: `mailOutDay:${accountId}`, ...OUTBOUND_MAIL_LIMITS.perAccountDay },
    to: (hash: string): RateRule => ({
      key: `mailOutTo:${accountId}:${hash}`,
      ...OUTBOUND_MAIL_LIMITS.perRecipientDay,
    }),
  });

  return {
    /**
     * Counts the e-mails `accountId` is about to make the platform send (one per entry of `recipients`)
     * and throws 429 with Retry-After and a plain message when any limit would be passed; then nothing
     * may be sent or saved. With `tx`, the counts are part of the caller's transaction: a refusal (the
     * error propagating) or any other rollback undoes them. Without it, a refusal undoes them here.
     * `kind` only names the path in the log.
     */
    async take(accountId: number, recipients: string[], kind: string, tx?: DbOrTx): Promise<MailAllowance> {
      const perRecipient = new Map<string, number>();
      for (const email of recipients) {
        const hash = recipientHash(email);
        perRecipient.set(hash, (perRecipient.get(hash) ?? 0) + 1);
      }
      const total = recipients.length;
      const none: MailAllowance = { giveBack: async () => {} };
      if (total === 0) return none;

      const { burst, day, to } = rules(accountId);
      const counted: Array<[RateRule, number]> = [
        [burst, total],
        [day, total],
        ...[...perRecipient].map(([hash, amount]): [RateRule, number] => [to(hash), amount]),
      ];
      const refused: Array<{ rule: RateRule; retryAfter: number }> = [];
      for (const [rule, amount] of counted) {
        const hit = await limiter.count(rule, { amount, tx });
        if (!hit.allowed) refused.push({ rule, retryAfter: hit.retryAfter });
      }
      const giveBack = async () => {
        for (const [rule, amount] of counted) await limiter.refund(rule, amount);
      };
      if (refused.length === 0) return { giveBack };

      if (!tx) await giveBack();
      const byRecipient = refused.filter((r) => r.rule.key.startsWith('mailOutTo:'));
      const retryAfter = Math.max(...refused.map((r) => r.retryAfter));
      logger.warn(
        {
          accountId,
          kind,
          mails: total,
          limits: refused.map((r) => r.rule.key.split(':')[0]),
          recipients: byRecipient.map((r) => r.rule.key.split(':')[2]),
          retryAfter,
        },
        'outbound e-mail limit refused a request',
      );
      const accountLimited = refused.length > byRecipient.length;
      throw new AppError(429, accountLimited ? MAIL_LIMIT_MESSAGE : MAIL_RECIPIENT_LIMIT_MESSAGE, undefined, {
        'Retry-After': String(retryAfter),
      });
    },
  };
}

export type OutboundMailLimit = ReturnType<typeof createOutboundMailLimit>;
