export { HeaderBell } from './components/HeaderBell';
export type { NotificationArea } from './lib/areas';
