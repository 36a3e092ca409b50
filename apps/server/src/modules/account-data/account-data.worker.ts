import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from '../../platform/queue';
import { sendJob } from '../../platform/queues';
import { waitUntilIdle } from '../../platform/jobs';
import { accountDataSweepQueue, accountExportQueue, SWEEP_EVERY_MS, sweepJobKey } from './account-data.queue';
import type { ExportService } from './export.service';
import type { FileSweeper } from './file-sweeper';

interface ExportJob {
  data: { exportId: number };
  retryCount?: number;
  retryLimit?: number;
}

/** Runs `account-data.export` jobs, one at a time per process (each streams whole videos). */
export async function startExportWorker(queue: PgBoss, exports: ExportService): Promise<() => Promise<void>> {
  let inFlight = 0;
  const workerId = await queue.work<{ exportId: number }>(
    accountExportQueue.name,
    { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
    async ([job]) => {
      if (!job) return;
      inFlight += 1;
      try {
        const {
          data,
          retryCount = 0,
          retryLimit = accountExportQueue.retryLimit,
        } = job as unknown as ExportJob;
        await exports.build(data.exportId, retryCount >= retryLimit);
      } finally {
        inFlight -= 1;
      }
    },
  );
  return async () => {
    await queue.offWork({ id: workerId });
    await waitUntilIdle(() => inFlight, 60_000);
  };
}

/** Runs the sweeper's jobs and sends one at start and every ten minutes (as the subscriptions' job does). */
export async function startSweepWorker(
  queue: PgBoss,
  files: FileSweeper,
  logger: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const tick = () =>
    sendJob(queue, accountDataSweepQueue, {}, { singletonKey: sweepJobKey(new Date()) }).catch(
      (err: unknown) => logger.error({ err }, 'could not send the account data sweep'),
    );
  let inFlight = 0;
  const workerId = await queue.work(
    accountDataSweepQueue.name,
    { batchSize: 1, pollingIntervalSeconds: 5 },
    async () => {
      inFlight += 1;
      try {
        await files.sweep();
      } finally {
        inFlight -= 1;
      }
    },
  );
  await tick();
  const timer = setInterval(() => void tick(), SWEEP_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await queue.offWork({ id: workerId });
    await waitUntilIdle(() => inFlight, 60_000);
  };
}
