import { notificationKinds } from '@pw/contracts';
import type { EventBus } from '../../platform/events/events';
import type { NotificationsRepo } from './notifications.repo';
import type { Notifications, NotifyInput } from './notifications.service';

/**
 * The admins' notices for events of the accounts and queries modules (docs/product.md §10.2: new sign-up, new query), sent by
 * the listeners of subscribeAdminNotices below.
 */
export function newSignupNotice(user: {
  id: number;
  type: string;
  firstName: string;
  lastName: string;
  email: string;
  homeName?: string | null;
}): NotifyInput {
  const funeralHome = user.type === 'funeral-home';
  const who = funeralHome && user.homeName ? user.homeName : `${user.firstName} ${user.lastName}`.trim();
  return {
    kind: notificationKinds.newSignup,
    title: funeralHome ? 'New funeral home sign-up' : 'New user sign-up',
    body: `${who} (${user.email}) signed up as ${funeralHome ? 'a funeral home' : 'a user'}.`,
    data: {
      user_id: user.id,
      user_type: user.type,
      link: funeralHome
        ? `/admin/funeral-homes-management/details/${user.id}`
        : `/admin/user-management/details/${user.id}`,
    },
    email: true,
  };
}

export function newQueryNotice(query: {
  id: number;
  name: string;
  email: string;
  subject: string;
}): NotifyInput {
  return {
    kind: notificationKinds.newQuery,
    title: 'New contact query',
    body: `${query.name} (${query.email}) wrote: "${query.subject}".`,
    data: { query_id: query.id, link: `/admin/queries-management/details/${query.id}` },
    email: true,
  };
}

/**
 * Listens to the accounts and queries modules' events (platform/events) and tells
 * the active admins, in the app and by e-mail. Called once, by the module's `listen()`.
 */
export function subscribeAdminNotices(deps: {
  events: EventBus;
  repo: NotificationsRepo;
  notifications: Pick<Notifications, 'notify'>;
}): void {
  const { events, repo, notifications } = deps;
  events.on('account.created', async ({ accountId }) => {
    const user = await repo.findAccount(accountId);
    if (user) await notifications.notify({ role: 'admin' }, newSignupNotice(user));
  });
  events.on('query.created', async ({ queryId }) => {
    const query = await repo.findQuery(queryId);
    if (query) await notifications.notify({ role: 'admin' }, newQueryNotice(query));
  });
}
