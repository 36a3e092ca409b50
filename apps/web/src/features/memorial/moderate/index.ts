export { funeralMemorialRoutes, memorialModerationRoutes } from './routes';
