export { adminProfileRoutes, funeralProfileRoutes, userProfileRoutes } from './routes';
