import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  redirect,
  ScrollRestoration,
  type RouteObject,
} from 'react-router';
import type { AccountType } from '@pw/contracts';
import { publicOnlyRedirect, roleAreaRedirect } from '@/lib/routing';
import { session } from '@/lib/session';
import { recorderRoutes } from '@/features/recorder/routes';
import { uploadRoutes } from '@/features/upload/routes';
import { adminQueriesRoutes } from '@/features/admin-queries/routes';
import { NotFound } from './NotFound';
import { RouterError } from './RouterError';

/**
 * The route table. Every page and layout loads lazily, so /home fetches only the shell, the site layout
 * and its own page; each role area brings its own code. Guards run as loaders, before an area's code is
 * fetched (spec 000 §2 'Route guards', spec 001 §6); the area layouts re-check reactively.
 */

/** `lazy` for a module's named component. */
const load =
  <M,>(importer: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await importer()) });

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

const auth = () => import('@/features/auth/SignupPage');
const profile = () => import('@/features/profile/ProfilePages');
const editProfile = () => import('@/features/profile/EditProfilePage');
const changePassword = () => import('@/features/profile/ChangePasswordPage');
const plans = () => import('@/features/plans/SubscriptionPlansPage');
const layouts = () => import('./layouts/SiteLayout');
const notifications = () => import('@/features/notifications/pages');
const library = () => import('@/features/library');
const reel = () => import('@/features/reel');
const find = () => import('@/features/find');

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
        // The recipient's page for a scheduled delivery: public, for anyone holding the link, signed in
        // or not, in its own calm frame (docs/decisions/0072-watch-page.md).
        path: 'watch/:token',
        lazy: load(
          () => import('@/features/watch'),
          (m) => m.WatchPage,
        ),
      },
      {
        path: 'admin/login',
        loader: publicOnly,
        lazy: load(
          () => import('@/features/auth/AdminLoginPage'),
          (m) => m.AdminLoginPage,
        ),
      },
      {
        lazy: load(layouts, (m) => m.SiteLayout),
        children: [
          {
            path: 'home',
            lazy: load(
              () => import('@/features/public/HomePage'),
              (m) => m.HomePage,
            ),
          },
          {
            path: 'about',
            lazy: load(
              () => import('@/features/public/AboutPage'),
              (m) => m.AboutPage,
            ),
          },
          {
            path: 'terms',
            lazy: load(
              () => import('@/features/public/TermsPage'),
              (m) => m.TermsPage,
            ),
          },
          {
            path: 'policy',
            lazy: load(
              () => import('@/features/public/PolicyPage'),
              (m) => m.PolicyPage,
            ),
          },
          {
            path: 'contact-us',
            lazy: load(
              () => import('@/features/contact/ContactUsPage'),
              (m) => m.ContactUsPage,
            ),
          },
          {
            loader: publicOnly,
            children: [
              {
                path: 'login',
                lazy: load(
                  () => import('@/features/auth/LoginPage'),
                  (m) => m.LoginPage,
                ),
              },
              { path: 'user/signup', lazy: load(auth, (m) => m.UserSignupPage) },
              { path: 'funeral/signup', lazy: load(auth, (m) => m.FuneralSignupPage) },
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        path: 'user',
        loader: requireRole('user'),
        lazy: load(layouts, (m) => m.UserLayout),
        children: [
          { index: true, lazy: load(reel, (m) => m.ReelPage) },
          { path: 'home', lazy: load(reel, (m) => m.ReelPage) },
          { path: 'subscription-plans', lazy: load(plans, (m) => m.UserSubscriptionPlansPage) },
          {
            path: 'profile',
            lazy: load(profile, (m) => m.UserProfilePage),
            // The video tabs sit under the profile summary (spec 000 §2); each video opens on its own page.
            children: [{ index: true, lazy: load(library, (m) => m.VideoTabs) }],
          },
          { path: 'profile/final', lazy: load(library, (m) => m.FinalVideoPage) },
          { path: 'profile/scheduled', lazy: load(library, (m) => m.ScheduledVideoPage) },
          { path: 'profile/drafts', lazy: load(library, (m) => m.DraftVideoPage) },
          { path: 'search', lazy: load(find, (m) => m.SearchPage) },
          { path: 'search/video', lazy: load(find, (m) => m.SearchVideoPage) },
          { path: 'access-code', lazy: load(find, (m) => m.AccessCodePage) },
          { path: 'access-code/video', lazy: load(find, (m) => m.AccessCodeVideoPage) },
          { path: 'profile/details', lazy: load(profile, (m) => m.UserProfileDetailsPage) },
          { path: 'profile/edit', lazy: load(editProfile, (m) => m.UserEditProfilePage) },
          { path: 'profile/change-password', lazy: load(changePassword, (m) => m.UserChangePasswordPage) },
          ...uploadRoutes,
          ...recorderRoutes,
          { path: 'notifications', lazy: load(notifications, (m) => m.UserNotificationsPage) },
          { path: '*', element: <NotFound homePath="/user/home" /> },
        ],
      },
      {
        path: 'funeral',
        loader: requireRole('funeral-home'),
        lazy: load(layouts, (m) => m.FuneralLayout),
        children: [
          {
            index: true,
            lazy: load(
              () => import('@/features/funeral-requests/UserRequestsPage'),
              (m) => m.UserRequestsPage,
            ),
          },
          {
            path: 'user-requests',
            lazy: load(
              () => import('@/features/funeral-requests/UserRequestsPage'),
              (m) => m.UserRequestsPage,
            ),
          },
          { path: 'subscription-plans', lazy: load(plans, (m) => m.FuneralSubscriptionPlansPage) },
          { path: 'profile', lazy: load(profile, (m) => m.FuneralProfilePage) },
          { path: 'profile/edit', lazy: load(editProfile, (m) => m.FuneralEditProfilePage) },
          { path: 'profile/change-password', lazy: load(changePassword, (m) => m.FuneralChangePasswordPage) },
          { path: 'notifications', lazy: load(notifications, (m) => m.FuneralNotificationsPage) },
          { path: '*', element: <NotFound homePath="/funeral/user-requests" /> },
        ],
      },
      {
        path: 'admin',
        loader: requireRole('admin'),
        lazy: load(
          () => import('./layouts/AdminLayout'),
          (m) => m.AdminLayout,
        ),
        children: [
          { index: true, ...forward('/admin/dashboard') },
          {
            path: 'dashboard',
            lazy: load(
              () => import('@/features/admin-dashboard/DashboardPage'),
              (m) => m.DashboardPage,
            ),
          },
          { path: 'profile', lazy: load(profile, (m) => m.AdminProfilePage) },
          { path: 'profile/edit', lazy: load(editProfile, (m) => m.AdminEditProfilePage) },
          { path: 'profile/change-password', lazy: load(changePassword, (m) => m.AdminChangePasswordPage) },
          { path: 'notifications', lazy: load(notifications, (m) => m.AdminNotificationsPage) },
          ...adminQueriesRoutes,
          { path: '*', element: <NotFound homePath="/admin/dashboard" homeLabel="Go to dashboard" /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
