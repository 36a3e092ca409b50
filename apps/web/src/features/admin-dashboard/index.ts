export { adminDashboardRoutes } from './routes';
