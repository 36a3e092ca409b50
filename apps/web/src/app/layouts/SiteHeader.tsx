import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import list from 'bootstrap-icons/icons/list.svg?raw';
import close from 'bootstrap-icons/icons/x-lg.svg?raw';
import search from 'bootstrap-icons/icons/search.svg?raw';
import { Icon } from '@/components/Icon';
import { Logo } from '@/components/Logo';
import type { SessionUser } from '@/lib/session';

// The bell and the account menu come with the first signed-in header: a visitor's first page does not
// carry them (docs/decisions/0288). Until they are in, a space of their size keeps the header still. If
// they cannot be fetched, the router's error screen offers to load the page again: a boundary of their
// own (lib/lazy-part.tsx) would add its code to every visitor's first page.
const LazySignedInActions = lazy(async () => ({
  default: (await import('./SignedInActions')).SignedInActions,
}));
const ACTIONS_PLACEHOLDER = { display: 'inline-block', width: '6rem', height: '2.75rem' } as const;

function SignedInActions({ user }: { user: SessionUser }) {
  return (
    <Suspense fallback={<span style={ACTIONS_PLACEHOLDER} aria-hidden="true" />}>
      <LazySignedInActions user={user} />
    </Suspense>
  );
}

export interface NavItem {
  to: string;
  label: string;
  /** Shown as an icon with the label for screen readers only (the user header's search). */
  icon?: 'search';
}

const ICONS = { search };

/**
 * The site header: logo to /home, the nav links of the signed-in role (or the visitor's), and a
 * collapsible menu below the `expand` breakpoint (tablet and phone). Plain Bootstrap classes and a little
 * state: no JavaScript library on the /home path.
 */
function SiteHeader({
  items,
  expand = 'lg',
  actions,
  menuActions,
}: {
  items: NavItem[];
  expand?: 'lg' | 'xl';
  /** Always visible next to the menu button (profile menu). */
  actions?: ReactNode;
  /** Inside the collapsible menu, after the links (visitor's sign-up button). */
  menuActions?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const toggler = useRef<HTMLButtonElement>(null);

  // A chosen link closes the menu.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggler.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="site-header">
      <a className="skip-link visually-hidden-focusable" href="#main">
        Skip to main content
      </a>
      <nav className={`navbar navbar-expand-${expand}`} aria-label="Main">
        <div className="container">
          <Link className="navbar-brand text-primary" to="/home" aria-label="Parting Words home">
            <Logo />
          </Link>
          <div className={`d-flex align-items-center gap-2 ms-auto order-${expand}-last`}>
            {actions}
            <button
              ref={toggler}
              type="button"
              className="navbar-toggler"
              aria-controls="site-nav"
              aria-expanded={open}
              aria-label={open ? 'Close menu' : 'Open menu'}
              onClick={() => setOpen((value) => !value)}
            >
              <Icon svg={open ? close : list} />
            </button>
          </div>
          <div id="site-nav" className={`collapse navbar-collapse${open ? ' show' : ''}`}>
            <ul className={`navbar-nav ms-${expand}-auto me-${expand}-2`}>
              {items.map((item) => (
                <li className="nav-item" key={item.to}>
                  <NavLink className="nav-link" to={item.to} end>
                    {item.icon ? (
                      <>
                        <Icon svg={ICONS[item.icon]} className={`d-none d-${expand}-inline`} />
                        <span className={`d-${expand}-none`}>{item.label}</span>
                        <span className={`visually-hidden d-none d-${expand}-inline`}>{item.label}</span>
                      </>
                    ) : (
                      item.label
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
            {menuActions}
          </div>
        </div>
      </nav>
    </header>
  );
}

const VISITOR_ITEMS: NavItem[] = [
  { to: '/home', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/contact-us', label: 'Contact Us' },
];

/** docs/product.md §13.3 'Header, visitor'; an admin browsing the public pages gets the dashboard instead of login. */
export function VisitorHeader({ user }: { user: SessionUser | null }) {
  const { pathname } = useLocation();
  const signupPath = pathname.includes('funeral') ? '/funeral/signup' : '/user/signup';
  if (user?.type === 'admin') {
    return (
      <SiteHeader
        items={[...VISITOR_ITEMS, { to: '/admin/dashboard', label: 'Dashboard' }]}
        actions={<SignedInActions user={user} />}
      />
    );
  }
  return (
    <SiteHeader
      items={[...VISITOR_ITEMS, { to: '/login', label: 'Login' }]}
      menuActions={
        <Link className="btn btn-primary my-2 my-lg-0" to={signupPath}>
          Sign Up
        </Link>
      }
    />
  );
}

/** docs/product.md §13.3 'Header, user'. */
export function UserHeader({ user }: { user: SessionUser }) {
  return (
    <SiteHeader
      expand="xl"
      items={[
        { to: '/user/home', label: 'Home' },
        { to: '/user/subscription-logs', label: 'Subscription Logs' },
        { to: '/contact-us', label: 'Contact Us' },
        { to: '/user/banner-ads', label: 'Banner Ads Logs' },
        { to: '/user/access-code', label: 'Access Code' },
        { to: '/user/search', label: 'Search', icon: 'search' },
        { to: '/user/notifications', label: 'Notifications' },
      ]}
      actions={<SignedInActions user={user} />}
    />
  );
}

/** docs/product.md §13.3 'Header, funeral home'. */
export function FuneralHeader({ user }: { user: SessionUser }) {
  return (
    <SiteHeader
      expand="xl"
      items={[
        { to: '/home', label: 'Home' },
        { to: '/funeral/banner-ads', label: 'Banner Ads' },
        { to: '/contact-us', label: 'Contact Us' },
        { to: '/about', label: 'About' },
        { to: '/funeral/user-requests', label: 'User Requests' },
        { to: '/funeral/subscription-setting', label: 'Subscription' },
        { to: '/funeral/notifications', label: 'Notifications' },
      ]}
      actions={<SignedInActions user={user} />}
    />
  );
}
