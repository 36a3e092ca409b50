export { funeralBannerAdsRoutes, userBannerAdsRoutes } from './routes';
/** The layouts' banner slot; it loads the part that asks for the ad lazily, so the shell stays small. */
export { BannerSlot } from './components/BannerSlot';
