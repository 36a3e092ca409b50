export { contactRoutes } from './routes';
