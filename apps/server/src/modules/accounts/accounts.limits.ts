import type { RateRule } from '../../platform/rate-limit/rate-limit';
import type { FailureRules } from '../../platform/rate-limit/failure-throttle';

/**
 * Rate limits of the accounts calls (docs/decisions/0096). Per account
 * means per e-mail address as typed (lower-cased), whether or not it is registered, so the limits
 * themselves reveal nothing. The address is `request.ip`, as TRUST_PROXY decides
 * (docs/operations.md §Client addresses and lockouts). Named here so tests can reach them.
 */
const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** A reset code: 6 digits, 10 minutes, single use, 5 tries (docs/product.md §2.3). */
export const RESET_CODE_TTL_MS = 10 * 60 * 1000;
export const RESET_CODE_MAX_ATTEMPTS = 5;

export const LIMITS = {
  /** Failed logins: one account from one address; a success forgets them. */
  loginFailuresPerAccountAddress: { limit: 10, windowSeconds: 15 * MINUTE },
  /** Failed logins from one address on any account (shared office or NAT: kept generous). */
  loginFailuresPerAddress: { limit: 100, windowSeconds: 15 * MINUTE },
  /** Failed logins on one account from everywhere: past it, only addresses that have not failed get a try. */
  loginFailuresPerAccount: { limit: 30, windowSeconds: 15 * MINUTE },

  /** Reset e-mails (every request counts: each one lands in someone's inbox). */
  resetPerAccountAddress: { limit: 5, windowSeconds: HOUR },
  resetPerAddress: { limit: 20, windowSeconds: HOUR },
  resetPerAccount: { limit: 10, windowSeconds: HOUR },

  /** Wrong codes (verify/code and set/password together), counted like failed logins. */
  codeFailuresPerAccountAddress: { limit: 10, windowSeconds: 15 * MINUTE },
  codeFailuresPerAddress: { limit: 30, windowSeconds: 15 * MINUTE },
  codeFailuresPerAccount: { limit: 20, windowSeconds: 15 * MINUTE },
  /** Tries at the current code from one address; a new code starts afresh (docs/product.md §2.3's 5 tries). */
  codeTriesPerAddress: { limit: RESET_CODE_MAX_ATTEMPTS, windowSeconds: RESET_CODE_TTL_MS / 1000 },

  /** Old-password guessing with a stolen session. */
  changePasswordPerAccount: { limit: 10, windowSeconds: 15 * MINUTE },
  signupPerIp: { limit: 50, windowSeconds: HOUR },
} as const;

export type LimitName = keyof typeof LIMITS;

export const rule = (name: LimitName, subject: string | number): RateRule => ({
  key: `${name}:${subject}`,
  ...LIMITS[name],
});

/** `|` cannot appear in an e-mail's domain, so `email|` is a prefix of this e-mail's keys only. */
const pairOf = (email: string, ip: string) => `${email}|${ip}`;

export const loginRules = (email: string, ip: string): FailureRules => ({
  pair: rule('loginFailuresPerAccountAddress', pairOf(email, ip)),
  address: rule('loginFailuresPerAddress', ip),
  subject: rule('loginFailuresPerAccount', email),
});

export const resetRules = (email: string, ip: string): FailureRules => ({
  pair: rule('resetPerAccountAddress', pairOf(email, ip)),
  address: rule('resetPerAddress', ip),
  subject: rule('resetPerAccount', email),
});

export const codeRules = (email: string, ip: string): FailureRules => ({
  pair: rule('codeFailuresPerAccountAddress', pairOf(email, ip)),
  address: rule('codeFailuresPerAddress', ip),
  subject: rule('codeFailuresPerAccount', email),
});

export const codeTriesRule = (email: string, ip: string) => rule('codeTriesPerAddress', pairOf(email, ip));
/** Every address's tries at the account's code, forgotten when a new code is sent. */
export const codeTriesPrefix = (email: string) => `${rule('codeTriesPerAddress', email).key}|`;
