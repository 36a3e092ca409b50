export { funeralRequestsRoutes } from './routes';
