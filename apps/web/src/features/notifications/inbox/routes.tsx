import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const notificationsPages = () => import('./components/NotificationsPage');

/** /user/notifications, /funeral/notifications, /admin/notifications: one page, worded per area. */
export const userNotificationsRoutes: RouteObject[] = [
  { path: 'notifications', lazy: lazyPage(notificationsPages, (m) => m.UserNotificationsPage) },
];

export const funeralNotificationsRoutes: RouteObject[] = [
  { path: 'notifications', lazy: lazyPage(notificationsPages, (m) => m.FuneralNotificationsPage) },
];

export const adminNotificationsRoutes: RouteObject[] = [
  { path: 'notifications', lazy: lazyPage(notificationsPages, (m) => m.AdminNotificationsPage) },
];
