import type { AccountType } from '@pw/contracts';

export { adminLoginRoutes, visitorAuthRoutes } from './routes';

/**
 * The layouts' sign-out call. Its code loads when it is used: a static re-export would pull the API call
 * into the shell's first load through this index, which the router imports for the routes.
 */
export const logout = async (type: AccountType) => (await import('./api/logout')).logout(type);
