/** docs/product.md §13.7: the browser storage keys the product uses. */
export const STORAGE_KEYS = { user: 'user', accessToken: 'accessToken', editVideos: 'editVideos' } as const;
