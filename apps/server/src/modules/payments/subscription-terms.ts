import type { PlanDuration } from '@pw/contracts';

/**
 * When a subscription bought at `start` ends (decision 0161): a week is 7 days, a month and a year are
 * calendar ones (31 January + 1 month is the last day of February, not 3 March), life-time never.
 */
export function subscriptionExpiry(duration: PlanDuration, start: Date): Date | null {
  if (duration === 'life-time') return null;
  if (duration === 'weekly') return new Date(start.getTime() + 7 * 24 * 60 * 60 * 1000);
  const months = duration === 'monthly' ? 1 : 12;
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
