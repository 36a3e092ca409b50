export { memorialModerationRoutes } from './routes';
export { funeralMemorialRoutes } from './funeral-routes';
