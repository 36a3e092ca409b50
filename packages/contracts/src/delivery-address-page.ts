/**
 * The web page the yearly address check's 'Still right' link opens (docs/product.md §5.9; the token is
 * the last part). In a file that imports nothing: the router names it on every page, a visitor's first
 * included, which must not load zod and the address check's schemas for one path (decision 0288).
 */
export const ADDRESS_CONFIRM_PAGE = '/delivery/address';

/** Where an owner changes a far delivery's address: their scheduled folder (signed in as usual). */
export const SCHEDULED_FOLDER_PAGE = '/user/profile?tab=scheduled';
