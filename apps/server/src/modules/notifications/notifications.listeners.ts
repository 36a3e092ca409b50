import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps';
import { queries, users } from '../accounts/accounts.schema';
import '../accounts/accounts.events';
import { newQueryNotice, newSignupNotice } from './notifications.events';

/**
 * Admins hear of every sign-up and every contact-us query (PRODUCT.md 'Notifications'). The accounts
 * module announces them on the event bus after the row is committed; this re-reads the row (events
 * carry ids) and notifies every admin. Returns how to stop listening.
 */
export function registerNotificationListeners(deps: Pick<AppDeps, 'db' | 'events' | 'notifications'>) {
  const stops = [
    deps.events.on('account.created', async ({ accountId }) => {
      const [user] = await deps.db
        .select({
          id: users.id,
          type: users.type,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          homeName: users.homeName,
        })
        .from(users)
        .where(eq(users.id, accountId))
        .limit(1);
      if (user) await deps.notifications.notify({ role: 'admin' }, newSignupNotice(user));
    }),
    deps.events.on('query.created', async ({ queryId }) => {
      const [query] = await deps.db
        .select({ id: queries.id, name: queries.name, email: queries.email, subject: queries.subject })
        .from(queries)
        .where(eq(queries.id, queryId))
        .limit(1);
      if (query) await deps.notifications.notify({ role: 'admin' }, newQueryNotice(query));
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
