import pg from 'pg';
import pLimit from 'p-limit';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { Database, Db } from '../../../platform/db';
import { handle, handleBatch } from '../../../platform/jobs';
import type { AppModule } from '../../../platform/module';
import { deliverySendQueue, deliverySweepQueue, enqueueSends } from '../delivery.queue';
import { acquireLiveness } from '../liveness';
import { processDeliveries } from './delivery.decide';
import { createOwnerNoticeBatcher } from '../owner-notices';
import { createRepeatRoller } from '../repeat';
import {
  defaultDeliveryWorkerOptions,
  type DeliveryWorkerOptions,
  type WorkerContext,
  type WorkerDeps,
} from '../delivery.context';

/**
 * The delivery module's handlers (ROLE=worker|all): `delivery.send` jobs, and the sweeper that
 * re-enqueues rows whose job was lost. Any number of workers may run against one database: each message
 * is claimed by one of them, under its liveness lock (decision 0040), taken as the worker starts and
 * released only after its SMTP exchanges are over.
 */
export function deliveryHandlers(
  deps: WorkerDeps & { database: Database },
  tuning: () => Partial<DeliveryWorkerOptions> | undefined,
): Pick<AppModule, 'handlers' | 'worker'> {
  const options = () => ({ ...defaultDeliveryWorkerOptions, ...tuning() });
  // Built as the worker starts: its liveness lock, its pool, its owner notices.
  let ctx: WorkerContext | undefined;
  let release = async () => {};

  const sweep = async (graceSeconds: number) => {
    ctx?.ownerNotices.kick();
    const rows = await deps.repo.findOrphans(graceSeconds, 500);
    // One statement for all; a delivery that already has a queued job keeps just that one.
    if (rows.length) await enqueueSends(deps.queue, rows);
    if (rows.length) deps.logger.info({ count: rows.length }, 'delivery sweeper re-enqueued rows');
  };

  return {
    handlers: [
      handleBatch(
        deliverySendQueue,
        async (jobs) => {
          const results = await processDeliveries(
            ctx!,
            jobs.map((job) => job.data.deliveryId),
          );
          results.forEach((result, i) => {
            if (result.status === 'fulfilled')
              deps.logger.debug(
                { deliveryId: jobs[i]!.data.deliveryId, outcome: result.value },
                'delivery job',
              );
          });
          // A rejected one is not an SMTP failure (those are handled above): retried by pg-boss with back-off.
          return results;
        },
        () => {
          const { batchSize, loops, pollingIntervalSeconds } = options();
          return { batchSize, loops, pollingIntervalSeconds, concurrency: batchSize };
        },
      ),
      handle(
        deliverySweepQueue,
        () => sweep(options().sweepGraceSeconds),
        () => ({ schedule: { everySeconds: options().sweepIntervalSeconds } }),
      ),
    ],
    worker: {
      async start() {
        const current = options();
        const liveness = await acquireLiveness(deps.database, deps.logger);
        // The mark transactions stay open during SMTP exchanges: give them connections of their own, so
        // they never starve the API or the rest of the worker of the main pool.
        const pool =
          deps.database.kind === 'postgres' && deps.database.url
            ? new pg.Pool({
                connectionString: deps.database.url,
                max: current.sendConcurrency,
                application_name: 'pw-delivery-mark',
              })
            : null;
        pool?.on('error', (error) => deps.logger.error({ err: error }, 'delivery mark pool error'));
        const notices = createOwnerNoticeBatcher(deps);
        // A recorded outcome also lets a yearly delivery's next occurrence be created (delivery.repeat.ts).
        const roller = createRepeatRoller(deps);
        const ownerNotices = {
          kick() {
            notices.kick();
            roller.kick();
          },
          idle: () => Promise.all([notices.idle(), roller.idle()]),
        };
        ctx = {
          deps,
          liveness,
          options: current,
          sendSlots: pLimit(current.sendConcurrency),
          markDb: pool ? (drizzlePg(pool) as unknown as Db) : undefined,
          ownerNotices,
        };
        release = async () => {
          // After the runtime waited for the SMTP exchanges: until then another worker could claim them again.
          await ownerNotices.idle();
          await pool?.end();
          await liveness.release();
        };
        // Anything left by a crashed worker is picked up at once (no grace: nothing of ours is in flight).
        await sweep(0).catch((error: unknown) =>
          deps.logger.error({ err: error }, 'delivery sweeper failed'),
        );
      },
      stop: () => release(),
    },
  };
}
