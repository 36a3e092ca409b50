/**
 * What the accounts feature announces on `deps.events` (platform/events). Notifications (a later
 * module) listen here to tell the admins about a new sign-up (contact-us messages: modules/queries):
 *
 *   deps.events.on('account.created', async ({ accountId }) => { ... });
 *
 * It is emitted after the row is committed.
 */
declare module '../../platform/events/events' {
  interface AppEvents {
    /** A user or a funeral home signed up (admins are never signed up). */
    'account.created': { accountId: number; type: 'user' | 'funeral-home' };
  }
}

export {};
