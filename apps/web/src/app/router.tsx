import {
  createBrowserRouter,
  Navigate,
  Outlet,
  redirect,
  ScrollRestoration,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import type { AccountType } from '@pw/contracts';
import { lazyPage } from '@/lib/lazy-page';
import { publicOnlyRedirect, roleAreaRedirect } from '@/lib/routing';
import { session } from '@/lib/session';
import { adminLoginRoutes, visitorAuthRoutes } from '@/features/accounts/auth';
import { contactRoutes } from '@/features/queries/contact';
import { legacyLinkRoutes } from '@/features/legacy/links';
import { memorialPageRoutes } from '@/features/memorial/page';
import { memorialModerationRoutes } from '@/features/memorial/moderate';
import { addressCheckRoutes } from '@/features/delivery/address-check';
import { publicRoutes } from '@/features/site/public';
import { watchRoutes } from '@/features/videos/watch';
import { NotFound } from './NotFound';
import { RouterError } from './RouterError';

/**
 * The route table, composed from each feature's routes (its index.ts). Every page and layout loads
 * lazily, so /home fetches only the shell, the site layout and its own page; each role area brings its
 * own code. Guards run as loaders, before an area's code is fetched (docs/product.md §1.2);
 * the area layouts re-check reactively. The guards and layouts live here, the pages in the
 * features.
 *
 * The three signed-in areas' own route lists (./areas/) are not part of the shell either: a visitor's
 * first page would otherwise carry every area's route table and what it names (the calls and schemas
 * of the back office). React Router asks for them when a path under /user, /funeral or /admin is first
 * met (`patchRoutesOnNavigation`, below); until then each area holds only its index forward and its
 * not-found page.
 */

export const requireRole =
  (area: AccountType) =>
  ({ request }: { request: Request }) => {
    const target = roleAreaRedirect(session.user(), area, new URL(request.url).pathname);
    return target ? redirect(target) : null;
  };

/**
 * A path that only forwards (/ → /home, /signup, /admin). The loader redirects before anything is drawn;
 * the element is what React Router would otherwise warn about ('Matched leaf route … does not have an
 * element'): it matches the path while the first page loads, and it forwards too if ever drawn.
 */
const forward = (to: string): Pick<RouteObject, 'loader' | 'element'> => ({
  loader: () => redirect(to),
  element: <Navigate to={to} replace />,
});

export const publicOnly = () => {
  const target = publicOnlyRedirect(session.user());
  return target ? redirect(target) : null;
};

const layouts = () => import('./layouts/SiteLayout');
const roleLayouts = () => import('./layouts/RoleLayouts');
/** The layout route that gives its pages TanStack Query's client (lib/query-client.tsx). */
const queryRoot = lazyPage(
  () => import('@/lib/query-client'),
  (m) => m.QueryRoot,
);
const homeRoute = publicRoutes.find((route) => route.path === 'home')!;
const otherPublicRoutes = publicRoutes.filter((route) => route !== homeRoute);

function PageLoading() {
  return (
    <div className="d-flex justify-content-center py-5" role="status">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    Component: Root,
    errorElement: <RouterError />,
    // Shown while the first page's code loads.
    HydrateFallback: PageLoading,
    children: [
      { index: true, ...forward('/home') },
      { path: 'signup', ...forward('/user/signup') },
      {
        lazy: lazyPage(layouts, (m) => m.SiteLayout),
        children: [
          // The visitor's first page asks the server nothing: it is the one page outside the query client.
          homeRoute,
          {
            lazy: queryRoot,
            children: [
              ...otherPublicRoutes,
              ...contactRoutes,
              // A trusted contact's and the owner's e-mailed links: no sign-in, whoever is signed in.
              ...legacyLinkRoutes,
              // The memorial page and its trusted contact's moderation link (docs/product.md §6.9): no sign-in.
              ...memorialPageRoutes,
              ...memorialModerationRoutes,
              // The yearly address check's 'Still right' link (docs/product.md §5.9): no sign-in.
              ...addressCheckRoutes,
              { loader: publicOnly, children: visitorAuthRoutes },
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
      { lazy: queryRoot, children: signedInAndOwnFrameRoutes() },
    ],
  },
];

/** Every route with a frame of its own or behind a role (watch page, admin login, the three areas). */
function signedInAndOwnFrameRoutes(): RouteObject[] {
  return [
    // The recipient's page for a scheduled delivery, in its own frame, signed in or not.
    ...watchRoutes,
    { loader: publicOnly, children: adminLoginRoutes },
    {
      id: 'user',
      path: 'user',
      loader: requireRole('user'),
      lazy: lazyPage(roleLayouts, (m) => m.UserLayout),
      children: [areaIndex('user'), { path: '*', element: <NotFound homePath="/user/home" /> }],
    },
    {
      id: 'funeral',
      path: 'funeral',
      loader: requireRole('funeral-home'),
      lazy: lazyPage(roleLayouts, (m) => m.FuneralLayout),
      children: [
        areaIndex('funeral'),
        { path: '*', element: <NotFound homePath="/funeral/user-requests" /> },
      ],
    },
    {
      id: 'admin',
      path: 'admin',
      loader: requireRole('admin'),
      lazy: lazyPage(
        () => import('./layouts/AdminLayout'),
        (m) => m.AdminLayout,
      ),
      children: [
        { index: true, ...forward('/admin/dashboard') },
        { path: '*', element: <NotFound homePath="/admin/dashboard" homeLabel="Go to dashboard" /> },
      ],
    },
  ];
}

/**
 * The area's own first page (`/user`, `/funeral`): the path matches the area without a splat, so React
 * Router does not ask for the area's routes; this index route takes the page from the area's list. The
 * list's index route is then the same route (React Router compares them) and is not added twice.
 */
function areaIndex(area: string): RouteObject {
  return {
    index: true,
    lazy: async () => {
      const index = (await loadAreaRoutes(area)).find((route) => route.index);
      if (typeof index?.lazy === 'function') return index.lazy();
      return { Component: index?.Component ?? NotFound, loader: index?.loader };
    },
  };
}

/** Each signed-in area's route list, by the route id (and first path segment) of the area. */
const areaRoutes: Record<string, () => Promise<RouteObject[]>> = {
  user: async () => (await import('./areas/user')).areaRoutes,
  funeral: async () => (await import('./areas/funeral')).areaRoutes,
  admin: async () => (await import('./areas/admin')).areaRoutes,
};

/** The route list of the area under `/${area}`, or none for a path outside the signed-in areas. */
export async function loadAreaRoutes(area: string): Promise<RouteObject[]> {
  return Object.hasOwn(areaRoutes, area) ? areaRoutes[area]!() : [];
}

/**
 * Adds an area's routes the first time a path under it is met. React Router calls this whenever a
 * path matches no route or only through a splat (an area's not-found page), again for a deeper
 * match; adding the same routes twice is a no-op (it compares them), so each router, the app's or a
 * test's, gets them once.
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const area = path.split('/')[1] ?? '';
  if (Object.hasOwn(areaRoutes, area)) patch(area, await loadAreaRoutes(area));
};

export const router = createBrowserRouter(routes, { patchRoutesOnNavigation });
