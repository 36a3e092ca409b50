import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import type { AppDeps } from '../app-deps';
import { videoProcessQueue } from './videos.queue';
import { startVideoWorker, type VideoWorkerOptions } from './videos.jobs';
import { registerVideoRoutes } from './videos.routes';

export type { DeliveryScheduler, ScheduleInput, ScheduledDeliveryStatus } from './scheduler';
export { createRowOnlyScheduler } from './scheduler';
export { noVideoPayments, type VideoPayments } from './payments-hook';
/** The video API's duration text ("00:01:05"), which the delivery module's watch page shows too. */
export { formatDuration } from './videos.view';
export type { VideoWorkerOptions } from './videos.jobs';

/** Videos: upload, conversion, folders, codes, merging, the reel, and their schedules. */
export function createVideosModule(
  _platform: Platform,
  deps: () => AppDeps,
  tuning: () => VideoWorkerOptions | undefined,
): AppModule {
  return {
    name: 'videos',
    routes: (_router, app) => registerVideoRoutes(app, deps()),
    queues: [videoProcessQueue],
    workers: [
      { queue: videoProcessQueue, label: 'video.process', start: () => startVideoWorker(deps(), tuning()) },
    ],
    api: undefined,
  };
}
