import type { MailFailure } from '../../../platform/mail/mail-errors';

/**
 * What follows a refused delivery attempt (decision 0040; docs/product.md §5.2): a temporary refusal is tried
 * again with back-off until `retryForSeconds` after the first attempt, then the delivery has failed; a
 * permanent one bounces it at once. Pure rules; delivery.send.ts records them.
 */

/**
 * Seconds until the next try after attempt `attempt` (1 for the first) was refused for now: the base
 * doubled for each attempt before, plus up to a quarter more at random (so many deliveries refused at
 * once do not come back at once), never more than an hour.
 */
export function backoffSeconds(
  attempt: number,
  baseSeconds: number,
  random: () => number = Math.random,
): number {
  const base = baseSeconds * 2 ** Math.max(0, attempt - 1);
  return Math.min(3600, Math.round(base * (1 + random() * 0.25)));
}

/** Whether the retries are over: `retryForSeconds` since the first attempt (none yet: now), by the platform's clock. */
export function retriesOver(firstAttemptAt: Date | null, now: Date, retryForSeconds: number): boolean {
  const first = firstAttemptAt?.getTime() ?? now.getTime();
  return now.getTime() - first >= retryForSeconds * 1000;
}

export type AfterRefusal = { kind: 'retry' } | { kind: 'bounced' | 'failed'; reason: string };

/**
 * A 5xx is the recipient's server refusing for good: bounced, with its reply. A temporary refusal is
 * retried until the retries are over: then failed, saying how many attempts were made.
 */
export function afterRefusal(
  failure: Pick<MailFailure, 'temporary' | 'reason'>,
  attempt: number,
  over: boolean,
): AfterRefusal {
  if (!failure.temporary) return { kind: 'bounced', reason: failure.reason };
  if (!over) return { kind: 'retry' };
  return { kind: 'failed', reason: `Gave up after ${attempt} attempts over three days. ${failure.reason}` };
}
