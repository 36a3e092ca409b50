import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import list from 'bootstrap-icons/icons/list.svg?raw';
import close from 'bootstrap-icons/icons/x-lg.svg?raw';
import speedometer from 'bootstrap-icons/icons/speedometer2.svg?raw';
import people from 'bootstrap-icons/icons/people.svg?raw';
import building from 'bootstrap-icons/icons/building.svg?raw';
import clock from 'bootstrap-icons/icons/clock-history.svg?raw';
import hourglass from 'bootstrap-icons/icons/hourglass-split.svg?raw';
import slash from 'bootstrap-icons/icons/slash-circle.svg?raw';
import house from 'bootstrap-icons/icons/house-heart.svg?raw';
import megaphone from 'bootstrap-icons/icons/megaphone.svg?raw';
import chat from 'bootstrap-icons/icons/chat-left-text.svg?raw';
import receipt from 'bootstrap-icons/icons/receipt.svg?raw';
import shield from 'bootstrap-icons/icons/shield-lock.svg?raw';
import flower from 'bootstrap-icons/icons/flower1.svg?raw';
import { MEMORIAL_AREA_TEXTS } from '@pw/contracts';
import { Icon } from '@/components/Icon';
import { Logo } from '@/components/Logo';
import { HeaderBell } from '@/features/notifications/inbox';
import { roleAreaRedirect } from '@/lib/routing';
import { SITE } from '@/lib/site-config';
import { useSessionUser } from '@/lib/session';
import { ProfileMenu } from './ProfileMenu';

/** docs/product.md §9: the sidebar entries; Legacy Releases added for §9.7, Memorial Pages for §6.9. */
const ENTRIES = [
  { to: '/admin/dashboard', label: 'Dashboard', svg: speedometer },
  { to: '/admin/user-management', label: 'User Management', svg: people },
  { to: '/admin/funeral-homes-management', label: 'Funeral Homes Management', svg: building },
  { to: '/admin/time-subscription-management', label: 'Time Subscription', svg: clock },
  { to: '/admin/otpurchase-management', label: 'One-Time Purchase', svg: hourglass },
  { to: '/admin/adfree-subscription-management', label: 'Ad-Free Subscription', svg: slash },
  { to: '/admin/funeralhomes-subscription-management', label: 'Funeral Homes Subscription', svg: house },
  { to: '/admin/bannerads-subscription-management', label: 'Banner Ads Subscription', svg: megaphone },
  { to: '/admin/queries-management', label: 'Queries', svg: chat },
  { to: '/admin/payment-logs', label: 'Payment Logs', svg: receipt },
  { to: '/admin/legacy-management', label: 'Legacy Releases', svg: shield },
  { to: '/admin/memorial-pages', label: MEMORIAL_AREA_TEXTS.pages, svg: flower },
];

/** docs/product.md §13.7: the sidebar collapses at a width of 991 px or less. */
const NARROW = '(max-width: 991px)';

function useNarrow() {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    },
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

/**
 * The back office frame (docs/product.md §9): a sidebar (open beside the page on wide screens, a drawer over
 * it at 991 px or less), a header with the menu toggle, room for the notification bell, and the profile
 * menu (My Profile, Logout).
 */
export function AdminLayout() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const narrow = useNarrow();
  const [wideOpen, setWideOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLElement>(null);
  const open = narrow ? drawerOpen : wideOpen;

  // A navigation closes the drawer and takes focus to the page.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setDrawerOpen(false);
  }
  const firstPath = useRef(true);
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  // The drawer takes focus when it opens, so the keyboard lands on its links.
  const sidebar = useRef<HTMLElement>(null);
  useEffect(() => {
    if (narrow && drawerOpen) sidebar.current?.querySelector<HTMLAnchorElement>('nav a')?.focus();
  }, [narrow, drawerOpen]);

  // The drawer covers the toggle that opened it: closing it (its close button, the backdrop, Escape)
  // puts focus back on that toggle, so keyboard and screen-reader users are where they were.
  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    toggle.current?.focus();
  }, []);

  useEffect(() => {
    if (!(narrow && drawerOpen)) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDrawer();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [narrow, drawerOpen, closeDrawer]);

  const target = roleAreaRedirect(user, 'admin', pathname);
  if (target || !user) return <Navigate to={target ?? '/admin/login'} replace />;

  return (
    <div className={`admin-shell${open ? ' sidebar-open' : ''}${narrow ? ' is-narrow' : ''}`}>
      <a className="skip-link visually-hidden-focusable" href="#main">
        Skip to main content
      </a>
      <aside
        id="admin-sidebar"
        ref={sidebar}
        className="admin-sidebar"
        aria-label="Back office"
        hidden={!open}
      >
        <div className="d-flex align-items-start justify-content-between gap-2">
          <Link
            to="/admin/dashboard"
            className="admin-brand text-decoration-none"
            // The name starts with the logo's visible text (WCAG 2.5.3, label in name), then says where it goes.
            aria-label={`${SITE.name} — Dashboard`}
          >
            <Logo />
          </Link>
          {narrow && (
            <button
              type="button"
              className="btn btn-outline-light btn-icon"
              aria-controls="admin-sidebar"
              aria-label="Close menu"
              onClick={closeDrawer}
            >
              <Icon svg={close} />
            </button>
          )}
        </div>
        <nav aria-label="Back office sections">
          <ul className="nav flex-column">
            {ENTRIES.map((entry) => (
              <li className="nav-item" key={entry.to}>
                <NavLink className="nav-link d-flex align-items-center gap-2" to={entry.to}>
                  <Icon svg={entry.svg} />
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      {narrow && drawerOpen && <div className="admin-backdrop" aria-hidden="true" onClick={closeDrawer} />}
      <div className="admin-body">
        <header className="admin-header d-flex align-items-center gap-2 px-3">
          <button
            ref={toggle}
            type="button"
            className="btn btn-outline-secondary btn-icon"
            aria-controls="admin-sidebar"
            aria-expanded={open}
            aria-label={open ? 'Hide menu' : 'Show menu'}
            onClick={() => (narrow ? setDrawerOpen((value) => !value) : setWideOpen((value) => !value))}
          >
            <Icon svg={list} />
          </button>
          <div className="ms-auto d-flex align-items-center gap-2">
            <HeaderBell area="admin" />
            <ProfileMenu user={user} profilePath="/admin/profile" />
          </div>
        </header>
        <main id="main" ref={main} tabIndex={-1} className="admin-main p-3 p-md-4">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
