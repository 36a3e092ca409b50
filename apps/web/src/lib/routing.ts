import type { Account, AccountType } from '@pw/contracts';
import { AREA_HOME, type SessionUser } from './session';

/**
 * The redirect rules of docs/product.md §13.3 'Route guards' and docs/product.md §1.2, as pure functions so the router's
 * loaders, the layouts and the tests share one reading of them.
 */

const isKnownType = (type: unknown): type is AccountType =>
  type === 'user' || type === 'funeral-home' || type === 'admin';

/** A stored record without a known type is not a session (it cannot be routed anywhere sensible). */
export function signedIn(user: SessionUser | null): user is SessionUser {
  return !!user && isKnownType(user.type);
}

/**
 * A role-restricted area (/user/*, /funeral/*, /admin/*): a visitor goes to /login, or /admin/login when
 * the path contains "admin"; a person of another role goes to their own area. `null` lets them in.
 */
export function roleAreaRedirect(
  user: SessionUser | null,
  area: AccountType,
  pathname: string,
): string | null {
  if (!signedIn(user)) return pathname.includes('admin') ? '/admin/login' : '/login';
  if (user.type !== area) return AREA_HOME[user.type];
  return null;
}

/** Where a public-only page (login, sign-up, admin login) sends someone already signed in. */
export const PUBLIC_ONLY_TARGET: Record<AccountType, string> = {
  'funeral-home': '/funeral/user-requests',
  user: '/user',
  admin: '/admin/dashboard',
};

export function publicOnlyRedirect(user: SessionUser | null): string | null {
  return signedIn(user) ? PUBLIC_ONLY_TARGET[user.type] : null;
}

/**
 * After login or sign-up: a user or funeral home with an active home plan goes to their profile,
 * otherwise to the plans page; an admin goes to the dashboard.
 */
export function afterLoginPath(
  user: Pick<Account, 'type'> & { active_plan?: Account['active_plan'] },
): string {
  const hasPlan = !!user.active_plan?.home_plan;
  switch (user.type) {
    case 'admin':
      return '/admin/dashboard';
    case 'funeral-home':
      return hasPlan ? '/funeral/profile' : '/funeral/subscription-plans';
    default:
      return hasPlan ? '/user/profile' : '/user/subscription-plans';
  }
}
