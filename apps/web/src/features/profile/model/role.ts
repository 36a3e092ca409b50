import type { AccountType } from '@pw/contracts';

/** Profile calls carry the role in the path (spec 000 §6): /web/user, /web/funeral-home, /admin. */
export const profileBase = (role: AccountType) =>
  role === 'admin' ? '/admin' : role === 'funeral-home' ? '/web/funeral-home' : '/web/user';
