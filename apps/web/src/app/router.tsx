import {
  createBrowserRouter,
  Navigate,
  Outlet,
  redirect,
  ScrollRestoration,
  type RouteObject,
} from 'react-router';
import type { AccountType } from '@pw/contracts';
import { lazyPage } from '@/lib/lazy-page';
import { publicOnlyRedirect, roleAreaRedirect } from '@/lib/routing';
import { session } from '@/lib/session';
import { adminAccountsRoutes } from '@/features/admin-accounts';
import { adminBannerAdsRoutes } from '@/features/admin-banner-ads';
import { adminDashboardRoutes } from '@/features/admin-dashboard';
import { adminLegacyRoutes } from '@/features/admin-legacy';
import { adminPlansRoutes } from '@/features/admin-plans';
import { adminPurchasesRoutes } from '@/features/admin-purchases';
import { adminQueriesRoutes } from '@/features/admin-queries';
import { adminLoginRoutes, visitorAuthRoutes } from '@/features/auth';
import { funeralBannerAdsRoutes, userBannerAdsRoutes } from '@/features/banner-ads';
import { contactRoutes } from '@/features/contact';
import { findRoutes } from '@/features/find';
import { funeralRequestsRoutes } from '@/features/funeral-requests';
import { funeralSubscriptionRoutes } from '@/features/funeral-subscription';
import { grantAccessRoutes } from '@/features/grant-access';
import { legacyProfileSectionRoutes } from '@/features/legacy';
import { legacyLinkRoutes } from '@/features/legacy-links';
import { libraryRoutes, videoTabRoutes } from '@/features/library';
import {
  adminNotificationsRoutes,
  funeralNotificationsRoutes,
  userNotificationsRoutes,
} from '@/features/notifications';
import { userPlansRoutes } from '@/features/plans';
import { adminProfileRoutes, funeralProfileRoutes, userProfileRoutes } from '@/features/profile';
import { publicRoutes } from '@/features/public';
import { recorderRoutes } from '@/features/recorder';
import { reelRoutes } from '@/features/reel';
import { funeralReportPassingRoutes } from '@/features/report-passing';
import { uploadRoutes } from '@/features/upload';
import { watchRoutes } from '@/features/watch';
import { NotFound } from './NotFound';
import { RouterError } from './RouterError';

/**
 * The route table, composed from each feature's routes (its index.ts). Every page and layout loads
 * lazily, so /home fetches only the shell, the site layout and its own page; each role area brings its
 * own code. Guards run as loaders, before an area's code is fetched (spec 000 §2 'Route guards', spec
 * 001 §6); the area layouts re-check reactively. The guards and layouts live here, the pages in the
 * features.
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
      // The recipient's page for a scheduled delivery, in its own frame, signed in or not.
      ...watchRoutes,
      { loader: publicOnly, children: adminLoginRoutes },
      {
        lazy: lazyPage(layouts, (m) => m.SiteLayout),
        children: [
          ...publicRoutes,
          ...contactRoutes,
          // A trusted contact's and the owner's e-mailed links (issue 14): no sign-in, whoever is signed in.
          ...legacyLinkRoutes,
          { loader: publicOnly, children: visitorAuthRoutes },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        path: 'user',
        loader: requireRole('user'),
        lazy: lazyPage(layouts, (m) => m.UserLayout),
        children: [
          ...reelRoutes,
          ...userPlansRoutes,
          // The video tabs sit under the profile summary (spec 000 §2); each video opens on its own page.
          // The legacy release's card sits under the profile details (issue 14).
          ...userProfileRoutes(videoTabRoutes, legacyProfileSectionRoutes),
          ...libraryRoutes,
          ...findRoutes,
          ...grantAccessRoutes,
          ...uploadRoutes,
          ...recorderRoutes,
          ...userNotificationsRoutes,
          ...userBannerAdsRoutes,
          { path: '*', element: <NotFound homePath="/user/home" /> },
        ],
      },
      {
        path: 'funeral',
        loader: requireRole('funeral-home'),
        lazy: lazyPage(layouts, (m) => m.FuneralLayout),
        children: [
          ...funeralRequestsRoutes,
          ...funeralSubscriptionRoutes,
          ...funeralProfileRoutes,
          ...funeralNotificationsRoutes,
          ...funeralBannerAdsRoutes,
          ...funeralReportPassingRoutes,
          { path: '*', element: <NotFound homePath="/funeral/user-requests" /> },
        ],
      },
      {
        path: 'admin',
        loader: requireRole('admin'),
        lazy: lazyPage(
          () => import('./layouts/AdminLayout'),
          (m) => m.AdminLayout,
        ),
        children: [
          { index: true, ...forward('/admin/dashboard') },
          ...adminDashboardRoutes,
          ...adminAccountsRoutes,
          ...adminProfileRoutes,
          ...adminNotificationsRoutes,
          ...adminPlansRoutes,
          ...adminPurchasesRoutes,
          ...adminQueriesRoutes,
          ...adminLegacyRoutes,
          ...adminBannerAdsRoutes,
          { path: '*', element: <NotFound homePath="/admin/dashboard" homeLabel="Go to dashboard" /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
