import type { AppConfig } from '../../platform/config';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * LEGACY_WAIT_UNIT: how long one "day" of a waiting period, a check-in interval or a reminder lasts
 * (a day; a minute for acceptance and demos; ten seconds for the browser tests, which wait out a
 * release). A month of check-ins is 30 such days.
 */
const UNIT_MS: Record<AppConfig['LEGACY_WAIT_UNIT'], number> = {
  day: DAY_MS,
  minute: 60 * 1000,
  'ten-seconds': 10 * 1000,
};

export const waitUnitMs = (unit: AppConfig['LEGACY_WAIT_UNIT']): number => UNIT_MS[unit];

export const DAYS_PER_MONTH = 30;
/** The check-in grace period: 30 days (units) after the 'I'm here' e-mail. */
export const CHECK_IN_GRACE_DAYS = 30;

export const addDays = (from: Date, days: number, unitMs: number) => new Date(from.getTime() + days * unitMs);
