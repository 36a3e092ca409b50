/** The route components (loaded lazily by the router). */
export {
  AdminNotificationsPage,
  FuneralNotificationsPage,
  NotificationsPage,
  UserNotificationsPage,
} from './components/NotificationsPage';
