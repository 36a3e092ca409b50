import type { AccountType } from '@pw/contracts';

/**
 * Sign-in calls exist twice: /web/user/* for users and funeral homes (docs/product.md §13.2), /admin/* for the
 * back office (docs/product.md §13.2). Same payloads, same answers; each area's calls are its routes below.
 */
export type AuthArea = 'web' | 'admin';

/**
 * Each area's sign-in calls. Their declarations (and zod, which their schemas are built with) load with
 * the first call, not with the login page: the page draws without them (decision 0288).
 */
export async function authRoutes(area: AuthArea) {
  const { accountRoutes } = await import('@pw/contracts/accounts');
  return area === 'web'
    ? {
        login: accountRoutes.webLogin,
        logout: accountRoutes.webLogout,
        resetPassword: accountRoutes.webResetPassword,
        verifyCode: accountRoutes.webVerifyCode,
        setPassword: accountRoutes.webSetPassword,
      }
    : {
        login: accountRoutes.adminLogin,
        logout: accountRoutes.adminLogout,
        resetPassword: accountRoutes.adminResetPassword,
        verifyCode: accountRoutes.adminVerifyCode,
        setPassword: accountRoutes.adminSetPassword,
      };
}

/** Users and funeral homes sign in and out in the web area, admins in the back office. */
export const areaOf = (type: AccountType): AuthArea => (type === 'admin' ? 'admin' : 'web');
