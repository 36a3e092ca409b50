import type { Job } from 'pg-boss';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { Database, Db } from '../../platform/db';
import { waitUntilIdle } from '../../platform/jobs';
import { Semaphore } from '../../platform/semaphore';
import { deliverySendQueue, enqueueSends, type DeliverySendJob } from './delivery.queue';
import { acquireLiveness } from './liveness';
import { processDeliveries } from './delivery.decide';
import { createOwnerNoticeBatcher } from './owner-notices';
import {
  defaultDeliveryWorkerOptions,
  type DeliveryWorkerOptions,
  type WorkerContext,
  type WorkerDeps,
} from './delivery.context';

/**
 * Runs `delivery.send` jobs (ROLE=worker|all) and a sweeper that re-enqueues rows whose job was lost.
 * Any number of these may run against one database: each message is claimed by one of them.
 */
export async function startDeliveryWorker(
  deps: WorkerDeps & { database: Database },
  overrides: Partial<DeliveryWorkerOptions> = {},
): Promise<() => Promise<void>> {
  const options = { ...defaultDeliveryWorkerOptions, ...overrides };
  const liveness = await acquireLiveness(deps.database, deps.logger);
  // The mark transactions stay open during SMTP exchanges: give them connections of their own, so they
  // never starve the API or the rest of the worker of the main pool.
  const markPool =
    deps.database.kind === 'postgres' && deps.database.url
      ? new pg.Pool({
          connectionString: deps.database.url,
          max: options.sendConcurrency,
          application_name: 'pw-delivery-mark',
        })
      : null;
  markPool?.on('error', (error) => deps.logger.error({ err: error }, 'delivery mark pool error'));
  const ownerNotices = createOwnerNoticeBatcher(deps);
  const ctx: WorkerContext = {
    deps,
    liveness,
    options,
    sendSlots: new Semaphore(options.sendConcurrency),
    markDb: markPool ? (drizzlePg(markPool) as unknown as Db) : undefined,
    ownerNotices,
  };
  let inFlight = 0;

  const handle = async (jobs: Job<DeliverySendJob>[]) => {
    inFlight += jobs.length;
    try {
      const results = await processDeliveries(
        ctx,
        jobs.map((job) => job.data.deliveryId),
      ).catch((error: unknown) =>
        jobs.map((): PromiseRejectedResult => ({ status: 'rejected', reason: error })),
      );
      await Promise.all(
        results.map(async (result, i) => {
          const job = jobs[i]!;
          if (result.status === 'fulfilled') {
            deps.logger.debug({ deliveryId: job.data.deliveryId, outcome: result.value }, 'delivery job');
            return;
          }
          // Not an SMTP failure (those are handled above): retried by pg-boss with back-off.
          deps.logger.error({ err: result.reason, deliveryId: job.data.deliveryId }, 'delivery job failed');
          await deps.queue
            .fail(deliverySendQueue.name, job.id, { message: String(result.reason) })
            .catch(() => undefined);
        }),
      );
    } finally {
      inFlight -= jobs.length;
    }
  };
  const workerIds: string[] = [];
  for (let i = 0; i < options.loops; i++) {
    workerIds.push(
      await deps.queue.work<DeliverySendJob>(
        deliverySendQueue.name,
        { batchSize: options.batchSize, pollingIntervalSeconds: options.pollingIntervalSeconds },
        async (jobs) => {
          await handle(jobs);
          // A full batch means more are waiting: fetch again at once instead of after the polling
          // interval (pg-boss otherwise waits out the rest of it, which caps a backlog's throughput).
          const id = workerIds[i];
          if (jobs.length === options.batchSize && id) deps.queue.notifyWorker(id);
        },
      ),
    );
  }

  let sweeping: Promise<void> | null = null;
  const sweep = (graceSeconds: number) => {
    ownerNotices.kick();
    sweeping ??= (async () => {
      try {
        const rows = await deps.repo.findOrphans(graceSeconds, 500);
        // One statement for all; a delivery that already has a queued job keeps just that one.
        if (rows.length) await enqueueSends(deps.queue, rows);
        if (rows.length) deps.logger.info({ count: rows.length }, 'delivery sweeper re-enqueued rows');
      } catch (error) {
        deps.logger.error({ err: error }, 'delivery sweeper failed');
      } finally {
        sweeping = null;
      }
    })();
    return sweeping;
  };
  // At start, anything left by a crashed worker is picked up at once (no grace: nothing of ours is in flight).
  await sweep(0);
  const timer = setInterval(() => void sweep(options.sweepGraceSeconds), options.sweepIntervalSeconds * 1000);
  timer.unref();

  return async () => {
    clearInterval(timer);
    await Promise.all(workerIds.map((id) => deps.queue.offWork({ id })));
    await sweeping;
    // Keep the liveness lock until our SMTP exchanges are over, or another worker could claim them again.
    await waitUntilIdle(() => inFlight, 120_000);
    await ownerNotices.idle();
    await markPool?.end();
    await liveness.release();
  };
}
