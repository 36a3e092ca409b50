/**
 * What the queries module announces on the event bus (platform/events): the notifications module
 * listens to tell the admins. Emitted after the row is committed.
 */
declare module '../../platform/events/events' {
  interface AppEvents {
    /** A visitor, user or funeral home sent the contact-us form (a row in `queries`). */
    'query.created': { queryId: number; userType: 'user' | 'funeral-home' | 'guest' };
  }
}

export {};
