import { useLocation } from 'react-router';
import { lazyPart } from '@/lib/lazy-part';
import { useSessionUser, type SessionUser } from '@/lib/session';
import { isBrowsingPage } from '../model/browsing-pages';

/** The part that asks for the ad: loaded on its own, so the layouts (and /home) stay small. */
const BannerSlotAd = lazyPart(() => import('./BannerSlotAd'));

/**
 * Whether the stored session user holds a running ad-free plan (docs/product.md §13.4 `active_plan`): such a
 * person is shown no slot at all. The server answers `null` to them anyway; this keeps the box away.
 */
export function hasAdFree(user: SessionUser | null, now = Date.now()): boolean {
  const plan = user?.active_plan?.ad_free;
  if (!plan) return false;
  return plan.expiry_date === null || Date.parse(plan.expiry_date) > now;
}

/**
 * The banner slot of the user and funeral-home areas (docs/product.md §8.4, §8.6): only on the
 * area's browsing pages, and only a live ad. Anywhere else, for a person with ad-free, and while no ad
 * is live, it renders nothing and takes no space; elsewhere it does not even ask.
 */
export function BannerSlot({ role }: { role: 'user' | 'funeral-home' }) {
  const user = useSessionUser();
  const { pathname } = useLocation();
  if (!user || user.type !== role || hasAdFree(user)) return null;
  if (!isBrowsingPage(role, pathname)) return null;
  return <BannerSlotAd role={role} />;
}
