/**
 * What the accounts feature announces on `deps.events` (platform/events). Notifications (a later
 * issue) listen here to tell the admins about a new sign-up or a new contact-us query:
 *
 *   deps.events.on('account.created', async ({ accountId }) => { ... });
 *   deps.events.on('query.created', async ({ queryId }) => { ... });
 *
 * Both are emitted after the row is committed; see docs/decisions/0016-account-events.md.
 */
declare module '../../platform/events/events' {
  interface AppEvents {
    /** A user or a funeral home signed up (admins are never signed up). */
    'account.created': { accountId: number; type: 'user' | 'funeral-home' };
    /** A visitor, user or funeral home sent the contact-us form (a row in `queries`). */
    'query.created': { queryId: number; userType: 'user' | 'funeral-home' | 'guest' };
  }
}

export {};
