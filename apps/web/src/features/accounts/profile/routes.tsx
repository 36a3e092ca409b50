import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const summaryPages = () => import('./components/ProfilePages');
const editPages = () => import('./components/EditProfilePage');
const passwordPages = () => import('./components/ChangePasswordPage');

/**
 * The user's profile. `tabs` are the child routes drawn under the profile summary (the library's video
 * tabs, docs/product.md §13.3), `sections` those drawn under the profile details (the legacy release's card,
 * docs/product.md §6): the router passes them in, so this feature does not import another one.
 */
export const userProfileRoutes = (tabs: RouteObject[], sections: RouteObject[] = []): RouteObject[] => [
  { path: 'profile', lazy: lazyPage(summaryPages, (m) => m.UserProfilePage), children: tabs },
  {
    path: 'profile/details',
    lazy: lazyPage(summaryPages, (m) => m.UserProfileDetailsPage),
    children: sections,
  },
  { path: 'profile/edit', lazy: lazyPage(editPages, (m) => m.UserEditProfilePage) },
  { path: 'profile/change-password', lazy: lazyPage(passwordPages, (m) => m.UserChangePasswordPage) },
];

export const funeralProfileRoutes: RouteObject[] = [
  { path: 'profile', lazy: lazyPage(summaryPages, (m) => m.FuneralProfilePage) },
  { path: 'profile/edit', lazy: lazyPage(editPages, (m) => m.FuneralEditProfilePage) },
  { path: 'profile/change-password', lazy: lazyPage(passwordPages, (m) => m.FuneralChangePasswordPage) },
];

export const adminProfileRoutes: RouteObject[] = [
  { path: 'profile', lazy: lazyPage(summaryPages, (m) => m.AdminProfilePage) },
  { path: 'profile/edit', lazy: lazyPage(editPages, (m) => m.AdminEditProfilePage) },
  { path: 'profile/change-password', lazy: lazyPage(passwordPages, (m) => m.AdminChangePasswordPage) },
];
