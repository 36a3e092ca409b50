/**
 * Sign-in calls exist twice: /web/user/* for users and funeral homes (spec 000 §7), /admin/* for the
 * back office (spec 001 §7). Same payloads, same answers.
 */
export type AuthArea = 'web' | 'admin';

export const authBase = (area: AuthArea) => (area === 'admin' ? '/admin' : '/web/user');
