import { bindMails } from '../../platform/mail/define';
import { notificationsMails } from './notifications.mails';
import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { createNotificationsRepo } from './notifications.repo';
import { createNotifications, type Notifications } from './notifications.service';
import { notificationEmailQueue } from './notifications.queue';
import { notificationEmailHandler } from './notifications.worker';
import { registerNotificationRoutes } from './notifications.routes';
import { subscribeAdminNotices } from './notifications.events';
import { readOnlyView } from '../../platform/db/read-only';
import { notifications } from './notifications.schema';

/** Its tables as other modules read and join them: read-only views (decision 0310). */
export const notificationsView = readOnlyView(notifications, 'notifications');

export type { Notifications, NotifyInput, NotifyTarget } from './notifications.service';
/** How a notification's age reads ("3 hours ago"); the pipeline bench's bare server answers with it too. */
export { timeAgo } from './notifications.format';

/**
 * In-app notifications of every role, with their e-mail copies. Needs no other module's API: it reads
 * the accounts it notifies through the tables, and hears of sign-ups and queries through events.
 */
export function createNotificationsModule(platform: Platform): AppModule<Notifications> {
  const repo = createNotificationsRepo(platform.db);
  const notifications = createNotifications({
    db: platform.db,
    repo,
    queue: platform.queue,
    clock: platform.clock,
  });
  const publicUrl = platform.config.PUBLIC_URL;
  return {
    name: 'notifications',
    mails: bindMails({}, notificationsMails),
    routes: (router) => registerNotificationRoutes(router, notifications, publicUrl),
    queues: [notificationEmailQueue],
    handlers: [
      notificationEmailHandler({
        repo,
        outbox: platform.outbox,
        clock: platform.clock,
        publicUrl,
        logger: platform.logger,
      }),
    ],
    listen: () => subscribeAdminNotices({ events: platform.events, repo, notifications }),
    api: notifications,
  };
}
