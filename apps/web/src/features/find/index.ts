export { findRoutes } from './routes';
