import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { createDeliveryRepo } from './delivery.repo';
import { createOpenGate } from './receipts';
import {
  createDeliveryService,
  type DeliveryService,
  registerDeliveryRoutes,
  type HoldsMembership,
} from './schedule';
import { createWatchGrants, type WatchGrants } from './grants';
import { deliverySendQueue, deliverySweepQueue } from './delivery.queue';
import { deliveryHandlers } from './send';
import type { DeliveryWorkerOptions, OwnerNotifier } from './delivery.context';
import type { VideoAccessCheck } from '../videos';
import { readOnlyView } from '../../platform/db/read-only';
import { scheduledDeliveries, watchGrants } from './delivery.schema';
import { addressCheckItems } from './delivery.address-check.schema';
import { applyBounceReport, type BounceDeps, registerBounceRoute } from './bounces';
import { parseDeliveryStatusReport } from '../../platform/mail/dsn';
import {
  addressCheckHandlers,
  addressCheckQueue,
  addressMailQueue,
  createAddressCheck,
  registerAddressCheckRoutes,
  type AddressCheck,
} from './address-check';
import { bindMails } from '../../platform/mail/define';
import { deliveryMails } from './delivery.mails';

/** Its tables as other modules read and join them: read-only views (decision 0310). */
export const scheduledDeliveriesView = readOnlyView(scheduledDeliveries, 'scheduled_deliveries');
export const watchGrantsView = readOnlyView(watchGrants, 'watch_grants');
export const addressCheckItemsView = readOnlyView(addressCheckItems, 'address_check_items');

export type { DeliveryService } from './schedule';
export type { ShareInput } from './grants';
export type { DeliveryWorkerOptions } from './delivery.context';
export { MEMBERSHIP_NEEDED_MESSAGE } from './schedule';
/** A delivery row as the schedule writes it, for rows seeded in bulk: its Message-ID, watch token and job. */
export { hashWatchToken, newMessageId, watchToken } from './delivery.tokens';
export { enqueueSends } from './delivery.queue';
/** One batch of the yearly roll-over, as the workers run it after each send (a bench times it alone). */
export { rollOver } from './repeat';
/** The advisory-lock namespace of the workers' proof of life: live workers are counted in pg_locks by it. */
export { LIVENESS_NAMESPACE } from './liveness';

/** What the delivery module needs of other modules: telling owners how their deliveries ended. */
export interface DeliveryNeeds {
  notifications: OwnerNotifier;
  /** The membership gate of one live delivery without a membership (the payments module's answer). */
  holdsMembership: HoldsMembership;
  /** The videos module's one access check (built later: called at request time; decision 0311). */
  videoAccess: VideoAccessCheck;
}

/** The delivery module's API: the scheduler the videos module calls, and the granted watch links (sent, listed, revoked). */
export type DeliveryApi = DeliveryService &
  Pick<WatchGrants, 'share' | 'record' | 'ofVideo' | 'revoke' | 'revokeForReseal'> & {
    /** The yearly address check of far deliveries (docs/product.md §5.9): its duty's run, its confirmation. */
    addressCheck: AddressCheck;
  };

/** Scheduled, exactly-once e-mail delivery of videos, and the watch page behind it. */
export function createDeliveryModule(
  platform: Platform,
  needs: DeliveryNeeds,
  tuning: () => Partial<DeliveryWorkerOptions> | undefined,
): AppModule<DeliveryApi> {
  const repo = createDeliveryRepo(platform.db);
  const publicUrl = platform.config.PUBLIC_URL;
  const delivery = createDeliveryService({
    db: platform.db,
    repo,
    queue: platform.queue,
    clock: platform.clock,
    secret: platform.secret,
    publicUrl,
    holdsMembership: needs.holdsMembership,
    videoAccess: needs.videoAccess,
    notifications: needs.notifications,
    openGate: createOpenGate({ rateLimiter: platform.rateLimiter, clock: platform.clock }),
  });
  const grants = createWatchGrants({
    db: platform.db,
    repo,
    clock: platform.clock,
    outbox: platform.outbox,
    mailLimit: platform.mailLimit,
    publicUrl,
    logger: platform.logger,
  });
  // Bounces and second addresses (decision 0385; docs/product.md §5.2): the worker's refusals and the mail
  // server's reports.
  const bounces: BounceDeps = {
    db: platform.db,
    repo,
    queue: platform.queue,
    outbox: platform.outbox,
    notifications: needs.notifications,
    secret: platform.secret,
    publicUrl,
    returnPaths: platform.returnPaths,
    clock: platform.clock,
  };
  // The yearly check of far deliveries' addresses (docs/product.md §5.9, decision 0366).
  const addressCheck = createAddressCheck({
    db: platform.db,
    queue: platform.queue,
    clock: platform.clock,
    outbox: platform.outbox,
    notifications: needs.notifications,
    logger: platform.logger,
    secret: platform.secret,
    publicUrl,
  });
  // The envelope recipient the pipe passes wins; else the one the mail server wrote on top of the report.
  const applyReport = async (raw: Buffer, envelopeRecipient: string | null) => {
    const report = await parseDeliveryStatusReport(raw);
    return report ? applyBounceReport(bounces, report, envelopeRecipient ?? report.deliveredTo) : null;
  };
  const worker = deliveryHandlers(
    {
      db: platform.db,
      database: platform.database,
      repo,
      queue: platform.queue,
      mailer: platform.mailer,
      outbox: platform.outbox,
      notifications: needs.notifications,
      logger: platform.logger,
      clock: platform.clock,
      secret: platform.secret,
      returnPaths: platform.returnPaths,
      publicUrl,
    },
    tuning,
  );
  return {
    name: 'delivery',
    routes: async (router, app) => {
      registerDeliveryRoutes(router, delivery);
      registerAddressCheckRoutes(router, addressCheck);
      await registerBounceRoute(app, {
        secret: () => platform.config.MAIL_BOUNCE_SECRET,
        apply: applyReport,
      });
    },
    queues: [deliverySendQueue, deliverySweepQueue, addressCheckQueue, addressMailQueue],
    mails: bindMails(addressCheck, deliveryMails),
    handlers: [
      ...(worker.handlers ?? []),
      ...addressCheckHandlers(addressCheck, () => platform.config.ADDRESS_CHECK_EVERY_SECONDS),
    ],
    worker: worker.worker,
    api: {
      ...delivery,
      share: grants.share,
      record: grants.record,
      ofVideo: grants.ofVideo,
      revoke: grants.revoke,
      revokeForReseal: grants.revokeForReseal,
      addressCheck,
    },
  };
}
