export { uploadRoutes } from './routes';
