import type { FastifyBaseLogger } from 'fastify';
import { handle } from '../../platform/jobs';
import type { AppModule } from '../../platform/module';
import type { LegacyDeps } from './legacy.context';
import {
  enqueueMails,
  enqueueRelease,
  legacyMailQueue,
  legacyReleaseQueue,
  legacySweepQueue,
} from './legacy.queue';
import type { Reports } from './legacy.reports';
import type { CheckIns } from './legacy.checkins';

export interface LegacyWorkerOptions {
  /** How often the sweeper looks for lost jobs, due reminders and check-ins (one run a period in all). */
  sweepIntervalSeconds: number;
  pollingIntervalSeconds: number;
}

export const defaultLegacyWorkerOptions: LegacyWorkerOptions = {
  sweepIntervalSeconds: 30,
  pollingIntervalSeconds: 2,
};

type WorkerDeps = LegacyDeps & {
  reports: Reports;
  checkIns: CheckIns;
  logger: FastifyBaseLogger;
};

/** A job lost in a crash is found again after this long (its own job would have run by then). */
const MAIL_GRACE_MS = 60_000;

/**
 * One pass of the sweeper: re-sends the jobs of due reports and unsent mails (lost in a crash), sends
 * the owners' daily reminders and the check-ins. Safe to run from any number of workers at once: every
 * step is a conditional update or a singleton job.
 */
export async function sweepLegacy(deps: WorkerDeps): Promise<void> {
  const { repo, queue, clock, reports, checkIns } = deps;
  const now = clock.now();
  for (const { id } of await repo.dueReports(now, 500)) await enqueueRelease(queue, id, now);
  const unsent = await deps.outbox.unsentBefore('legacy.', new Date(now.getTime() - MAIL_GRACE_MS), 500);
  await enqueueMails(
    queue,
    unsent.map((m) => m.id),
  );
  for (const report of await repo.remindable(new Date(now.getTime() - deps.unitMs), 200))
    await reports.remind(report);
  await checkIns.sweep();
}

/**
 * The legacy module's handlers: the release job, the outbox's mails and the sweeper (one run a period
 * however many workers are up, and one in each worker as it starts, to catch up after a stop).
 */
export function legacyHandlers(
  deps: WorkerDeps,
  options: () => Partial<LegacyWorkerOptions> | undefined,
): Pick<AppModule, 'handlers' | 'worker'> {
  const { logger } = deps;
  const tuning = () => ({ ...defaultLegacyWorkerOptions, ...options() });
  const polling = () => ({ pollingIntervalSeconds: tuning().pollingIntervalSeconds });
  return {
    handlers: [
      handle(
        legacyReleaseQueue,
        async (job) => {
          const outcome = await deps.reports.release(job.data.reportId);
          logger.info({ reportId: job.data.reportId, outcome }, 'legacy release job');
        },
        polling,
      ),
      // A sent row is never sent again: a retried job sends only what is left.
      handle(legacyMailQueue, (job) => deps.outbox.deliver(job.data.mailId), polling),
      handle(
        legacySweepQueue,
        () => sweepLegacy(deps),
        () => ({ schedule: { everySeconds: tuning().sweepIntervalSeconds } }),
      ),
    ],
    worker: {
      start: () =>
        sweepLegacy(deps).catch((error: unknown) => logger.error({ err: error }, 'legacy sweeper failed')),
    },
  };
}
