import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import type { AppDeps } from '../app-deps';
import { createDeliveryService, type DeliveryService } from './delivery.service';
import { deliverySendQueue } from './delivery.queue';
import { startDeliveryWorker, type DeliveryWorkerOptions } from './delivery.jobs';
import { registerDeliveryRoutes } from './delivery.routes';

export type { DeliveryService } from './delivery.service';
export type { DeliveryWorkerOptions } from './delivery.jobs';

/** Scheduled, exactly-once e-mail delivery of videos, and the watch page behind it. */
export async function createDeliveryModule(
  platform: Platform,
  deps: () => AppDeps,
  tuning: () => Partial<DeliveryWorkerOptions> | undefined,
): Promise<AppModule<DeliveryService>> {
  const delivery = await createDeliveryService({
    db: platform.db,
    queue: platform.queue,
    clock: platform.clock,
    secret: platform.secret,
    publicUrl: platform.config.PUBLIC_URL,
  });
  return {
    name: 'delivery',
    routes: (_router, app) => registerDeliveryRoutes(app, deps()),
    queues: [deliverySendQueue],
    workers: [
      {
        queue: deliverySendQueue,
        label: 'delivery.send',
        start: () => startDeliveryWorker(deps(), tuning()),
      },
    ],
    api: delivery,
  };
}
