export { grantAccessRoutes } from './routes';
