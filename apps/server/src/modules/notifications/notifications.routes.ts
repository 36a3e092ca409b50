import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  notificationBell,
  notificationBellQuery,
  notificationIdParams,
  notificationListQuery,
  notificationListResponse,
  notificationMarkAllResponse,
  notificationToggleResponse,
} from '@pw/contracts';
import type { AppDeps } from '../app-deps';
import { ok, paginated } from '../../platform/http/envelope';
import { accountOf } from '../accounts/auth.guard';
import { subscribeAdminNotices } from './notifications.events';

const tags = ['notifications'];
const security = [{ bearer: [] }];

/** Spec 000/001 §7: every signed-in role (user, funeral home, admin) reads and marks its own. */
export function registerNotificationRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = deps.auth.required();
  subscribeAdminNotices(deps);

  api.get(
    '/notification',
    {
      schema: {
        tags,
        security,
        querystring: notificationListQuery,
        summary: 'Own notifications, paged',
        response: { 200: notificationListResponse },
      },
      preHandler: signedIn,
    },
    async (request) => {
      const account = accountOf(request);
      const query = request.query;
      const { items, total } = await deps.notifications.list(account.id, query);
      const url = new URL(request.url, deps.config.PUBLIC_URL);
      return paginated(items, total, { page: query.page, perPage: query.per_page }, url);
    },
  );

  api.get(
    '/notification/bell',
    {
      schema: {
        tags,
        security,
        querystring: notificationBellQuery,
        summary: 'Bell: recent notifications, unread count, unread ones',
        response: { 200: notificationBell },
      },
      preHandler: signedIn,
    },
    async (request) => ok(await deps.notifications.bell(accountOf(request).id, request.query.tz)),
  );

  api.post(
    '/notification/update/:id',
    {
      schema: {
        tags,
        security,
        params: notificationIdParams,
        summary: 'Toggle one notification read/unread',
        response: { 200: notificationToggleResponse },
      },
      preHandler: signedIn,
    },
    async (request) => {
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
      const item = await deps.notifications.toggle(accountOf(request).id, id);
      return {
        message: item.read_at ? 'Notification marked as read.' : 'Notification marked as unread.',
        data: item,
      };
    },
  );

  api.post(
    '/notification/mark-all-read',
    {
      schema: {
        tags,
        security,
        summary: 'Mark every own notification read',
        response: { 200: notificationMarkAllResponse },
      },
      preHandler: signedIn,
    },
    async (request) => ({
      message: 'All notifications marked as read.',
      data: await deps.notifications.markAllRead(accountOf(request).id),
    }),
  );
}
