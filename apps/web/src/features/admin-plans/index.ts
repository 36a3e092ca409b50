export { adminPlansRoutes } from './routes';
