import type { PlanDuration } from '@pw/contracts';
import { Temporal } from 'temporal-polyfill';

const steps = {
  weekly: { weeks: 1 },
  monthly: { months: 1 },
  yearly: { years: 1 },
} as const;

/**
 * When a subscription bought at `start` ends (docs/product.md §7.4): a week is 7 days, a month and a year are
 * calendar ones on the UTC calendar (31 January + 1 month is the last day of February, not 3 March:
 * Temporal's default 'constrain' overflow; decision 0335), life-time never.
 */
export function subscriptionExpiry(duration: PlanDuration, start: Date): Date | null {
  if (duration === 'life-time') return null;
  const end = Temporal.Instant.fromEpochMilliseconds(start.getTime())
    .toZonedDateTimeISO('UTC')
    .add(steps[duration]);
  return new Date(end.epochMilliseconds);
}
