export { reelRoutes } from './routes';
