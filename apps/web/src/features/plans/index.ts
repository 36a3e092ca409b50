export { funeralPlansRoutes, userPlansRoutes } from './routes';
