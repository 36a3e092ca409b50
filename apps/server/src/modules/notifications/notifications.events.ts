import { eq } from 'drizzle-orm';
import { notificationKinds } from '@pw/contracts';
import type { AppDeps } from '../app-deps';
import { users } from '../accounts/accounts.schema';
import { queries } from '../queries/queries.schema';
import type { NotifyInput } from './notifications.service';

/**
 * The admins' notices for events of the accounts module (PRODUCT.md: new sign-up, new query), sent by
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

const subscribed = new WeakSet<object>();

/**
 * Listens to the accounts feature's events (platform/events; docs/decisions/0016) and tells the active
 * admins, in the app and by e-mail. Called once per process that serves the API (registerNotificationRoutes).
 */
export function subscribeAdminNotices(deps: Pick<AppDeps, 'db' | 'events' | 'notifications'>): void {
  if (subscribed.has(deps.events)) return;
  subscribed.add(deps.events);
  deps.events.on('account.created', async ({ accountId }) => {
    const [user] = await deps.db.select().from(users).where(eq(users.id, accountId)).limit(1);
    if (user) await deps.notifications.notify({ role: 'admin' }, newSignupNotice(user));
  });
  deps.events.on('query.created', async ({ queryId }) => {
    const [query] = await deps.db.select().from(queries).where(eq(queries.id, queryId)).limit(1);
    if (query) await deps.notifications.notify({ role: 'admin' }, newQueryNotice(query));
  });
}
