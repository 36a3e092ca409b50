import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from '../../platform/queue';
import { startPeriodicWorker } from '../../platform/periodic-worker';
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

/** Runs the sweeper every ten minutes (decision 0243). */
export function startSweepWorker(
  queue: PgBoss,
  files: FileSweeper,
  logger: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  return startPeriodicWorker({
    queue,
    definition: accountDataSweepQueue,
    everyMs: SWEEP_EVERY_MS,
    keyOf: sweepJobKey,
    logger,
    pollingIntervalSeconds: 5,
    run: async () => {
      await files.sweep();
    },
  });
}
