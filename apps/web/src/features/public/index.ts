export { publicRoutes } from './routes';
