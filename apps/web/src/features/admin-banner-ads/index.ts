export { adminBannerAdsRoutes } from './routes';
