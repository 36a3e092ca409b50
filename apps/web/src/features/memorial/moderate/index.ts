export { memorialModerationRoutes } from './routes';
