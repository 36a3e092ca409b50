/**
 * The owner's page listing every administrator's reading of their private data (docs/product.md §11.10).
 * In a file that imports nothing: the signed-in header's menu links to it on every page (decision 0288).
 */
export const ADMIN_READS_PAGE = '/user/profile/who-has-seen';
export const ADMIN_READS_TITLE = 'Who has seen my messages';
