import { useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
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
 * between the header and the page (`banner`; docs/product.md §8.6). `notice` comes first, above the banner:
 * the user area's open report of a passing (docs/product.md §6, §6.1).
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
