export { legacyLinkRoutes } from './routes';
