import type { BannerRole } from './banner-areas';

/**
 * The pages for browsing, the only ones with a banner slot (docs/product.md §8.6): never a page where the
 * person is at work (recording, editing, paying) or watching. Kept apart from the areas' call table so
 * the layouts, which always draw the slot's frame, load no route declarations for it.
 */
const BROWSING_PAGES: Record<BannerRole, readonly string[]> = {
  user: ['/user/home', '/user/profile', '/user/notifications'],
  'funeral-home': ['/funeral/user-requests', '/funeral/notifications'],
};

/** Whether `pathname` is one of the role's browsing pages (a trailing slash is the same page). */
export const isBrowsingPage = (role: BannerRole, pathname: string) =>
  BROWSING_PAGES[role].includes(pathname.replace(/(.)\/+$/, '$1'));
