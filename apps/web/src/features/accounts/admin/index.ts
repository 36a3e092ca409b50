export { adminAccountsRoutes } from './routes';
