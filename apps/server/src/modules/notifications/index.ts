import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import type { AppDeps } from '../app-deps';
import { createNotifications, type Notifications } from './notifications.service';
import { notificationEmailQueue, startNotificationWorker } from './notifications.jobs';
import { registerNotificationRoutes } from './notifications.routes';
import { subscribeAdminNotices } from './notifications.events';

export type { Notifications, NotifyInput, NotifyTarget } from './notifications.service';

/** In-app notifications of every role, with their e-mail copies. */
export async function createNotificationsModule(
  platform: Platform,
  deps: () => AppDeps,
): Promise<AppModule<Notifications>> {
  const notifications = await createNotifications({
    db: platform.db,
    queue: platform.queue,
    clock: platform.clock,
  });
  return {
    name: 'notifications',
    routes: (_router, app) => registerNotificationRoutes(app, deps()),
    queues: [notificationEmailQueue],
    workers: [
      {
        queue: notificationEmailQueue,
        label: 'notification.email',
        start: () => startNotificationWorker(deps()),
      },
    ],
    listen: () => subscribeAdminNotices(deps()),
    api: notifications,
  };
}
