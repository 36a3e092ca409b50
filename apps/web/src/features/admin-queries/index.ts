export { adminQueriesRoutes } from './routes';
