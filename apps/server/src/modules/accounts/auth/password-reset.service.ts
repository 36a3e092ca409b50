import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { setPasswordBody } from '@pw/contracts';
import type { Clock } from '../../../platform/clock';
import { invalid } from '../../../platform/errors';
import type { MailOutbox } from '../../../platform/mail/outbox';
import { mailOf } from '../../../platform/mail/define';
import { resetCodeMailKind } from '../accounts.mails';
import { createFailureThrottle } from '../../../platform/rate-limit/failure-throttle';
import type { RateLimiter } from '../../../platform/rate-limit/rate-limit';
import type { AccountsRepo } from '../accounts.repo';
import {
  codeRules,
  codeTriesPrefix,
  codeTriesRule,
  loginRules,
  RESET_CODE_TTL_MS,
  resetRules,
} from '../accounts.limits';
import { belongsTo, type Area } from '../accounts.view';
import { hashPassword } from './passwords';
import { ACCOUNT_MESSAGES } from '@pw/contracts';

export interface PasswordResetServiceDeps {
  repo: AccountsRepo;
  clock: Clock;
  outbox: MailOutbox;
  rateLimiter: RateLimiter;
  /** Keys the HMAC of reset codes, so a copy of the database alone does not give the codes away. */
  secret: string;
  logger: Pick<FastifyBaseLogger, 'error'>;
}

/** Forgot password (docs/product.md §2.3): an e-mailed code, checked, then spent on a new password. */
export function createPasswordResetService(deps: PasswordResetServiceDeps) {
  const { repo, clock, rateLimiter } = deps;
  const throttle = createFailureThrottle(rateLimiter);

  const codeHash = (userId: number, code: string) =>
    createHmac('sha256', deps.secret).update(`password-reset:${userId}:${code}`).digest('hex');
  const sameHash = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  /**
   * Checks a reset code. A wrong one counts as a failure (per account and address, per address, per
   * account) and as a try at the current code from this address (after 5 the code is dead there). With
   * `newPassword`, a right code is spent and the password set in the same transaction.
   */
  async function checkCode(area: Area, email: string, code: string, ip: string, newPassword?: string) {
    const attempt = await throttle.begin(codeRules(email, ip));
    const tries = codeTriesRule(email, ip);
    const tried = await rateLimiter.count(tries);
    const user = await repo.findByEmail(email);
    if (!user || !belongsTo(user.type, area) || !tried.allowed)
      throw invalid('token', ACCOUNT_MESSAGES.invalidCode);
    // Hashed before the code row is locked: argon2 takes a while.
    const passwordHash = newPassword === undefined ? undefined : await hashPassword(newPassword);
    const now = clock.now();
    const check = await repo.checkResetCode(
      user.id,
      (row) => sameHash(row.codeHash, codeHash(user.id, code)),
      {
        now,
        consume:
          passwordHash === undefined
            ? undefined
            : (tx) => repo.setPasswordRevokingSessions(user.id, passwordHash, now, undefined, tx),
      },
    );
    if (!check.ok) throw invalid('token', ACCOUNT_MESSAGES.invalidCode);
    await attempt.succeeded();
    await rateLimiter.refund(tries);
  }

  return {
    /** Sends a code when the e-mail belongs to an account of this area; the answer is the same either way. */
    async requestReset(area: Area, email: string, ip: string) {
      // Every request counts (each one is an e-mail), never given back.
      await throttle.begin(resetRules(email, ip));
      const user = await repo.findByEmail(email);
      if (!user || !belongsTo(user.type, area)) return;
      // The tries at the previous code (now dead) no longer matter.
      await rateLimiter.resetPrefix(codeTriesPrefix(email));
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      const now = clock.now();
      await repo.replaceResetCode(
        user.id,
        codeHash(user.id, code),
        now,
        new Date(now.getTime() + RESET_CODE_TTL_MS),
      );
      // Not awaited: the answer must take as long whether or not the e-mail is registered (an SMTP
      // round trip would tell). The code row is already committed; a lost mail means asking again.
      // The code is in the mail only; the outbox row records that it went, not what it said.
      void deps.outbox
        .send({
          mail: mailOf(resetCodeMailKind, {
            firstName: user.firstName,
            code,
            validMinutes: RESET_CODE_TTL_MS / 60_000,
          }),
          to: user.email,
          accountId: user.id,
          ref: `account:${user.id}`,
        })
        .catch((error) => deps.logger.error({ err: error, userId: user.id }, 'reset code e-mail failed'));
    },

    async verifyCode(area: Area, email: string, code: string, ip: string) {
      await checkCode(area, email, code, ip);
    },

    /** Sets the password with a live code, spends the code and signs the account out everywhere. */
    async setPassword(area: Area, input: z.output<typeof setPasswordBody>, ip: string) {
      await checkCode(area, input.email, input.token, ip, input.password);
      // This address may sign in at once, even if it mistyped the old password many times.
      await rateLimiter.reset(loginRules(input.email, ip).pair.key);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
