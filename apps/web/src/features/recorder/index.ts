export { recorderRoutes } from './routes';
