import type { PgBoss } from '../../platform/queue';
import {
  defineOutboxMailQueue,
  defineQueue,
  defineScheduledQueue,
  sendJob,
  idPayload,
} from '../../platform/jobs';
import type { DbOrTx } from '../../platform/db';

/**
 * `legacy.release`: one job per report, sent with the report in its transaction, due at `release_at`
 * (decision 0249). `short`: one queued job per report at most, so the sweeper cannot pile up copies.
 */
export const legacyReleaseQueue = defineQueue({
  name: 'legacy.release',
  payload: idPayload('reportId'),
  policy: 'short',
  retry: { limit: 10, delaySeconds: 5, backoff: true },
  expireInSeconds: 300,
  work: { pollingIntervalSeconds: 2 },
});

/** `legacy.mail`: sends one of the module's rows of the mail outbox (`mail_outbox`, kind `legacy.*`), once. */
export const legacyMailQueue = defineOutboxMailQueue({
  name: 'legacy.mail',
  policy: 'short',
  work: { batchSize: 5, concurrency: 1, pollingIntervalSeconds: 2 },
});

/**
 * `legacy.sweep`: re-sends lost jobs, sends the owners' daily reminders and the check-ins (legacy.worker.ts),
 * once every 30 seconds however many workers are up; a run left behind by a killed worker is not retried,
 * the next period's run does its work.
 */
export const legacySweepQueue = defineScheduledQueue({
  name: 'legacy.sweep',
  schedule: { everySeconds: 30 },
  expireInSeconds: 300,
});

export function enqueueRelease(queue: PgBoss, reportId: number, startAfter: Date, tx?: DbOrTx) {
  return sendJob(
    queue,
    legacyReleaseQueue,
    { reportId },
    { startAfter, singletonKey: `${reportId}:release`, tx },
  );
}

/** The outbox rows' jobs, in the transaction that wrote the rows (they exist iff it commits). */
export async function enqueueMails(queue: PgBoss, mailIds: number[], tx?: DbOrTx) {
  for (const mailId of mailIds)
    await sendJob(queue, legacyMailQueue, { mailId }, { singletonKey: `${mailId}:mail`, tx });
}
