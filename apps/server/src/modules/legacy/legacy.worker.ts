import type { Job } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { waitUntilIdle } from '../../platform/jobs';
import type { QueueWorker } from '../../platform/queues';
import type { LegacyDeps } from './legacy.context';
import { sendOutboxMail, type OutboxDeps } from './legacy.outbox';
import { enqueueMails, enqueueRelease, legacyMailQueue, legacyReleaseQueue } from './legacy.queue';
import type { Reports } from './legacy.reports';
import type { CheckIns } from './legacy.checkins';

export interface LegacyWorkerOptions {
  /** How often the sweeper looks for lost jobs, due reminders and check-ins. */
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
  mails: OutboxDeps;
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
 * Runs `handle` on a queue's jobs, counting those in flight; answers how to stop (after they finish).
 * A handler that throws fails its batch: pg-boss retries it with the queue's back-off.
 */
async function workOn<Payload extends object>(
  queue: WorkerDeps['queue'],
  name: string,
  options: { batchSize: number; pollingIntervalSeconds: number },
  handle: (jobs: Job<Payload>[]) => Promise<void>,
): Promise<() => Promise<void>> {
  let inFlight = 0;
  const id = await queue.work<Payload>(name, options, async (jobs) => {
    inFlight += jobs.length;
    try {
      await handle(jobs);
    } finally {
      inFlight -= jobs.length;
    }
  });
  return async () => {
    await queue.offWork({ id });
    await waitUntilIdle(() => inFlight, 30_000);
  };
}

/** The legacy module's workers: the release job, the outbox's mails, and the sweeper riding on the first. */
export function legacyWorkers(
  deps: WorkerDeps,
  options: () => Partial<LegacyWorkerOptions> | undefined,
): QueueWorker[] {
  const { queue, logger } = deps;
  const polling = () => ({ ...defaultLegacyWorkerOptions, ...options() });
  const release: QueueWorker = {
    queue: legacyReleaseQueue as QueueWorker['queue'],
    label: 'legacy.release',
    async start() {
      const tuning = polling();
      const stopJobs = await workOn<{ reportId: number }>(
        queue,
        legacyReleaseQueue.name,
        { batchSize: 1, pollingIntervalSeconds: tuning.pollingIntervalSeconds },
        async ([job]) => {
          const outcome = await deps.reports.release(job!.data.reportId);
          logger.info({ reportId: job!.data.reportId, outcome }, 'legacy release job');
        },
      );
      let sweeping: Promise<void> | null = null;
      const sweep = () =>
        (sweeping ??= sweepLegacy(deps)
          .catch((error: unknown) => logger.error({ err: error }, 'legacy sweeper failed'))
          .finally(() => {
            sweeping = null;
          }));
      await sweep();
      const timer = setInterval(() => void sweep(), tuning.sweepIntervalSeconds * 1000);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await sweeping;
        await stopJobs();
      };
    },
  };
  const mail: QueueWorker = {
    queue: legacyMailQueue as QueueWorker['queue'],
    label: 'legacy.mail',
    start: () =>
      workOn<{ mailId: number }>(
        queue,
        legacyMailQueue.name,
        { batchSize: 5, pollingIntervalSeconds: polling().pollingIntervalSeconds },
        // A sent row is never sent again: a retried batch sends only what is left.
        async (jobs) => {
          for (const job of jobs) await sendOutboxMail(deps.mails, job.data.mailId);
        },
      ),
  };
  return [release, mail];
}
