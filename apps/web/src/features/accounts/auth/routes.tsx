import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const signupPages = () => import('./components/SignupPage');

/**
 * Sign-in and sign-up pages. They are for visitors only: app/router.tsx puts them under its
 * public-only guard, which sends a signed-in account to its own area.
 */
export const visitorAuthRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: lazyPage(
      () => import('./components/LoginPage'),
      (m) => m.LoginPage,
    ),
  },
  { path: 'user/signup', lazy: lazyPage(signupPages, (m) => m.UserSignupPage) },
  { path: 'funeral/signup', lazy: lazyPage(signupPages, (m) => m.FuneralSignupPage) },
];

/** The back office's sign-in, outside the site layout (docs/product.md §9). */
export const adminLoginRoutes: RouteObject[] = [
  {
    path: 'admin/login',
    lazy: lazyPage(
      () => import('./components/AdminLoginPage'),
      (m) => m.AdminLoginPage,
    ),
  },
];
