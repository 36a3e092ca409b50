import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { AccountType } from '@pw/contracts';
import { BannerSlot } from '@/features/banner-ads';
import { LegacyReportSlot } from '@/features/legacy';
import { roleAreaRedirect } from '@/lib/routing';
import { useSessionUser } from '@/lib/session';
import { Footer } from './Footer';
import { FuneralHeader, UserHeader, VisitorHeader } from './SiteHeader';

/** Moves focus to the page's main region after a client-side navigation, for keyboard and screen readers. */
function useFocusMainOnNavigate() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return main;
}

/**
 * The public site's frame: the header of whoever is signed in (visitor, user, funeral home), the page,
 * the footer. Used for the public pages and for the user and funeral-home areas, whose banner slot sits
 * between the header and the page (`banner`; decision 0220). `notice` comes first, above the banner: the
 * user area's open report of a passing (issue 14, decision 0254).
 */
export function SiteLayout({ banner, notice }: { banner?: ReactNode; notice?: ReactNode } = {}) {
  const user = useSessionUser();
  const main = useFocusMainOnNavigate();
  return (
    <div className="d-flex flex-column min-vh-100">
      {user?.type === 'user' ? (
        <UserHeader user={user} />
      ) : user?.type === 'funeral-home' ? (
        <FuneralHeader user={user} />
      ) : (
        <VisitorHeader user={user} />
      )}
      {notice}
      {banner}
      <main id="main" ref={main} tabIndex={-1} className="flex-grow-1 site-main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

/**
 * A role area's layout. The router's loader already checked the role before loading the area; this
 * re-checks on every render so a logout (here or in another tab) or an expired session leaves at once.
 */
function RoleArea({ area }: { area: AccountType }) {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const target = roleAreaRedirect(user, area, pathname);
  if (target) return <Navigate to={target} replace />;
  return (
    <SiteLayout
      notice={area === 'user' ? <LegacyReportSlot /> : undefined}
      banner={area === 'admin' ? undefined : <BannerSlot role={area} />}
    />
  );
}

export const UserLayout = () => <RoleArea area="user" />;
export const FuneralLayout = () => <RoleArea area="funeral-home" />;
