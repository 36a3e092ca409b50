import { notificationRoutes, NOTIFICATION_MESSAGES } from '@pw/contracts';
import type { Router } from '../../platform/http/route';
import { ok, paginated } from '../../platform/http/envelope';
import { accountOf } from '../accounts';
import type { Notifications } from './notifications.service';

/**
 * The notifications calls, as declared in @pw/contracts (`notificationRoutes`): every signed-in role
 * reads and marks its own; each handler only calls the service.
 */
export function registerNotificationRoutes(router: Router, notifications: Notifications, publicUrl: string) {
  router.route(notificationRoutes.list, async ({ query, request }) => {
    const { items, total } = await notifications.list(accountOf(request).id, query);
    const url = new URL(request.url, publicUrl);
    return paginated(items, total, { page: query.page, perPage: query.per_page }, url);
  });

  router.route(notificationRoutes.bell, async ({ query, request }) =>
    ok(await notifications.bell(accountOf(request).id, query.tz)),
  );

  router.route(notificationRoutes.toggle, async ({ params, request }) => {
    const item = await notifications.toggle(accountOf(request).id, params.id);
    return {
      message: item.read_at ? 'Notification marked as read.' : 'Notification marked as unread.',
      data: item,
    };
  });

  router.route(notificationRoutes.markAllRead, async ({ request }) => ({
    message: NOTIFICATION_MESSAGES.allRead,
    data: await notifications.markAllRead(accountOf(request).id),
  }));
}
