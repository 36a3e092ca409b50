export { adminReadsRoutes } from './routes';
