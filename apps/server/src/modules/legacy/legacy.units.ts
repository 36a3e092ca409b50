import type { AppConfig } from '../../platform/config';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/**
 * LEGACY_WAIT_UNIT: how long one "day" of a waiting period, a check-in interval or a reminder lasts
 * (a day; a minute for acceptance and demos). A month of check-ins is 30 such days.
 */
export function waitUnitMs(unit: AppConfig['LEGACY_WAIT_UNIT']): number {
  return unit === 'minute' ? MINUTE_MS : DAY_MS;
}

export const DAYS_PER_MONTH = 30;
/** The check-in grace period: 30 days (units) after the 'I'm here' e-mail. */
export const CHECK_IN_GRACE_DAYS = 30;

export const addDays = (from: Date, days: number, unitMs: number) => new Date(from.getTime() + days * unitMs);
