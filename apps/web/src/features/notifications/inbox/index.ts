export { adminNotificationsRoutes, funeralNotificationsRoutes, userNotificationsRoutes } from './routes';
/** The layouts' header bell; it loads its own code lazily, so the shell stays small. */
export { HeaderBell } from './components/HeaderBell';
export type { NotificationArea } from './model/areas';
