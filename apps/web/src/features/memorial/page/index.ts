export { memorialPageRoutes } from './routes';
