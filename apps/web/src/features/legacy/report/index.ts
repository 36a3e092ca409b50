export { funeralReportPassingRoutes } from './routes';
