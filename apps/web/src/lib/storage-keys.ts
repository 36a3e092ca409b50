/** Spec §9: the browser storage keys the product uses. */
export const STORAGE_KEYS = { user: 'user', accessToken: 'accessToken', editVideos: 'editVideos' } as const;
