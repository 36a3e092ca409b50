import { lazy, Suspense } from 'react';
import { useSessionUser, type SessionUser } from '@/lib/session';

/** The part that asks for the ad: loaded on its own, so the layouts (and /home) stay small. */
const BannerSlotAd = lazy(() => import('./BannerSlotAd'));

/**
 * Whether the stored session user holds a running ad-free plan (spec 000 §3 `active_plan`): such a
 * person is shown no slot at all. The server answers `null` to them anyway; this keeps the box away.
 */
export function hasAdFree(user: SessionUser | null, now = Date.now()): boolean {
  const plan = user?.active_plan?.ad_free;
  if (!plan) return false;
  return plan.expiry_date === null || Date.parse(plan.expiry_date) > now;
}

/**
 * The banner slot of the user and funeral-home areas (issue 12, decision 0220). Its box has a fixed
 * shape from the first render, whatever arrives (an ad, no ad, an error), so the page never shifts
 * (CLS 0); for a person with ad-free nothing is rendered at all.
 */
export function BannerSlot({ role }: { role: 'user' | 'funeral-home' }) {
  const user = useSessionUser();
  if (!user || user.type !== role || hasAdFree(user)) return null;
  return (
    <aside className="banner-slot container" aria-label="Advertisement">
      <div className="banner-slot-box" data-testid="banner-slot">
        <Suspense fallback={null}>
          <BannerSlotAd role={role} />
        </Suspense>
      </div>
    </aside>
  );
}
