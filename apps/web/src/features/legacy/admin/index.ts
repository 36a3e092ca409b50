export { adminLegacyRoutes } from './routes';
