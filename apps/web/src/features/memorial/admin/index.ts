export { adminMemorialRoutes } from './routes';
