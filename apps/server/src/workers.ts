import type { AppDeps } from './platform/deps';
import { startVideoWorker } from './modules/videos/videos.jobs';
import { startNotificationWorker } from './modules/notifications/notifications.jobs';
import { startDeliveryWorker, type DeliveryWorkerOptions } from './modules/delivery/delivery.jobs';

export interface WorkerOptions {
  /** Tests and the bench tune the delivery worker (back-off, polling, batch sizes). */
  delivery?: Partial<DeliveryWorkerOptions>;
}

/**
 * Starts the job workers (ROLE=worker or all) and returns how to stop them.
 * Feature job handlers are registered here as they arrive (transcoding, delivery, expiry).
 */
export async function startWorkers(deps: AppDeps, options: WorkerOptions = {}): Promise<() => Promise<void>> {
  const stops = [
    await startVideoWorker(deps),
    await startNotificationWorker(deps),
    await startDeliveryWorker(deps, options.delivery),
  ];
  deps.logger.info('workers: video processing, notification.email, delivery.send');
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
