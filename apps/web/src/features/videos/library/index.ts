export { libraryRoutes, videoTabRoutes } from './routes';
