import { accountRoutes, type AccountType } from '@pw/contracts';

/**
 * Sign-in calls exist twice: /web/user/* for users and funeral homes (spec 000 §7), /admin/* for the
 * back office (spec 001 §7). Same payloads, same answers; each area's calls are its routes below.
 */
export type AuthArea = 'web' | 'admin';

export const AUTH_ROUTES = {
  web: {
    login: accountRoutes.webLogin,
    logout: accountRoutes.webLogout,
    resetPassword: accountRoutes.webResetPassword,
    verifyCode: accountRoutes.webVerifyCode,
    setPassword: accountRoutes.webSetPassword,
  },
  admin: {
    login: accountRoutes.adminLogin,
    logout: accountRoutes.adminLogout,
    resetPassword: accountRoutes.adminResetPassword,
    verifyCode: accountRoutes.adminVerifyCode,
    setPassword: accountRoutes.adminSetPassword,
  },
} as const;

/** Users and funeral homes sign in and out in the web area, admins in the back office. */
export const areaOf = (type: AccountType): AuthArea => (type === 'admin' ? 'admin' : 'web');
