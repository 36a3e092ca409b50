import type { RateRule } from '../../platform/rate-limit/rate-limit';

/**
 * Rate limits of the accounts calls (docs/decisions/0015-account-rate-limits.md). Per account means per
 * e-mail address as typed (lower-cased), whether or not it is registered, so the limits themselves
 * reveal nothing. Named here so tests can reach them.
 */
const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const LIMITS = {
  /** Password guessing on one account; a successful login clears it. */
  loginPerAccount: { limit: 10, windowSeconds: 15 * MINUTE },
  /** All logins from one address (shared office or NAT: kept generous). */
  loginPerIp: { limit: 100, windowSeconds: 15 * MINUTE },
  /** Reset e-mails: each one is a mail to someone's inbox. */
  resetPerAccount: { limit: 5, windowSeconds: HOUR },
  resetPerIp: { limit: 20, windowSeconds: HOUR },
  /** Code checks (verify/code and set/password together); each code also dies after 5 wrong tries. */
  codePerAccount: { limit: 10, windowSeconds: 15 * MINUTE },
  codePerIp: { limit: 30, windowSeconds: 15 * MINUTE },
  /** Old-password guessing with a stolen session. */
  changePasswordPerAccount: { limit: 10, windowSeconds: 15 * MINUTE },
  signupPerIp: { limit: 50, windowSeconds: HOUR },
  contactPerIp: { limit: 10, windowSeconds: HOUR },
} as const;

export type LimitName = keyof typeof LIMITS;

export const rule = (name: LimitName, subject: string | number): RateRule => ({
  key: `${name}:${subject}`,
  ...LIMITS[name],
});

/** A reset code: 6 digits, 10 minutes, single use, dead after 5 wrong tries (PRODUCT.md). */
export const RESET_CODE_TTL_MS = 10 * 60 * 1000;
export const RESET_CODE_MAX_ATTEMPTS = 5;
