export { userPlansRoutes } from './routes';
