import { z } from 'zod';
import type { PgBoss } from '../../platform/queue';
import { defineQueue, sendJob } from '../../platform/queues';
import type { DbOrTx } from '../../platform/db';

/**
 * `legacy.release`: one job per report, sent with the report in its transaction, due at `release_at`
 * (decision 0249). `short`: one queued job per report at most, so the sweeper cannot pile up copies.
 */
export const legacyReleaseQueue = defineQueue<{ reportId: number }>({
  name: 'legacy.release',
  payload: z.object({ reportId: z.number().int().positive() }),
  policy: 'short',
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 300,
});

/** `legacy.mail`: sends one of the module's rows of the mail outbox (`mail_outbox`, kind `legacy.*`), once. */
export const legacyMailQueue = defineQueue<{ mailId: number }>({
  name: 'legacy.mail',
  payload: z.object({ mailId: z.number().int().positive() }),
  policy: 'short',
  retryLimit: 8,
  retryDelay: 30,
  retryBackoff: true,
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
