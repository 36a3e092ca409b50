export { adminPurchasesRoutes } from './routes';
