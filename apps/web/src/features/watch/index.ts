export { watchRoutes } from './routes';
