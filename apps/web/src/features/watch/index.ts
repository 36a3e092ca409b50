export { WatchPage } from './WatchPage';
