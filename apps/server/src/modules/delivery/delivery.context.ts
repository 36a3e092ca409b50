import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db';
import type { Clock } from '../../platform/clock';
import type { PgBoss } from '../../platform/queue';
import type { Mailer } from '../../platform/mail/mailer';
import type { LimitFunction } from 'p-limit';
import type { MailOutbox } from '../../platform/mail/outbox';
import type { ReturnPaths } from '../../platform/mail/verp';
import type { Notifications } from '../notifications';
import type { DeliveryRepo } from './delivery.repo';
import type { Liveness } from './liveness';
import { deliverySendQueue, SWEEP_EVERY_SECONDS } from './delivery.queue';

export interface DeliveryWorkerOptions {
  /** First retry after a temporary SMTP failure; doubles each attempt (with jitter), capped at 1 h. */
  retryBaseSeconds: number;
  /** How long after its first attempt a temporarily refused delivery is still retried (then failed). */
  retryForSeconds: number;
  /** How often a delivery waiting for its video to finish processing looks again. */
  processingRecheckSeconds: number;
  /** How often a delivery held for a deactivated owner looks again (via the sweeper; activation resumes it at once). */
  holdRecheckSeconds: number;
  /** The sweeper re-enqueues rows whose job was lost (crash) this often... */
  sweepIntervalSeconds: number;
  /** ...once they are this much overdue. */
  sweepGraceSeconds: number;
  /** pg-boss polling (its minimum is 0.5 s): bounds the lateness of an idle delivery. */
  pollingIntervalSeconds: number;
  /** Jobs fetched per poll, processed concurrently... */
  batchSize: number;
  /** ...by this many independent fetch loops (so one slow SMTP exchange does not hold up the rest). */
  loops: number;
  /** SMTP exchanges at once per worker process. */
  sendConcurrency: number;
}

export const defaultDeliveryWorkerOptions: DeliveryWorkerOptions = {
  retryBaseSeconds: 30,
  retryForSeconds: 3 * 24 * 60 * 60,
  processingRecheckSeconds: 30,
  holdRecheckSeconds: 3600,
  sweepIntervalSeconds: SWEEP_EVERY_SECONDS,
  sweepGraceSeconds: 10,
  pollingIntervalSeconds: deliverySendQueue.work.pollingIntervalSeconds,
  batchSize: deliverySendQueue.work.batchSize,
  loops: deliverySendQueue.work.loops,
  sendConcurrency: 8,
};

export type DeliveryOutcome =
  | 'gone'
  | 'finished'
  | 'notified'
  | 'early'
  | 'held'
  | 'waiting'
  | 'cancelled'
  | 'failed'
  | 'bounced'
  | 'taken'
  | 'sent'
  | 'retry';

/** The notifications API the delivery module needs (given by the composition root). */
export type OwnerNotifier = Pick<Notifications, 'notify' | 'notifyMany'>;

/** What the job handler uses: the module's repository and the platform parts it touches. */
export interface WorkerDeps {
  db: Db;
  repo: DeliveryRepo;
  queue: PgBoss;
  /** The SMTP exchange itself: it happens inside the claim's own transaction (delivery.send.ts). */
  mailer: Mailer;
  /** Where each attempt's outcome is recorded besides the claim (the one mail outbox, decision 0305). */
  outbox: MailOutbox;
  notifications: OwnerNotifier;
  logger: FastifyBaseLogger;
  /** Whether three days of temporary refusals are over (docs/product.md §5.2). */
  clock: Clock;
  /** Signs the watch links. */
  secret: string;
  /** The delivery e-mail's signed envelope sender, where its bounce reports come back (decision 0385). */
  returnPaths: ReturnPaths;
  publicUrl: string;
}

/** One worker's state, handed to every step of a job (delivery.decide.ts, delivery.send.ts). */
export interface WorkerContext {
  deps: WorkerDeps;
  liveness: Pick<Liveness, 'id' | 'alive'>;
  options: DeliveryWorkerOptions;
  /** Bounds concurrent SMTP exchanges (and, on PostgreSQL, the mark transactions held open by them). */
  sendSlots: LimitFunction;
  /** PostgreSQL: a pool of its own for the mark transactions (see sendInMarkTransaction). */
  markDb?: Db;
  /** Tells owners how their deliveries ended, in batches (owner-notices.ts). */
  ownerNotices: { kick(): void };
}
