export { addressCheckRoutes } from './routes';
