export { funeralSubscriptionRoutes } from './routes';
