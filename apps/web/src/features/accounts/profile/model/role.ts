import { accountDataRoutes, accountRoutes, type AccountType } from '@pw/contracts';

/** Profile calls carry the role in the path (docs/product.md §1.2): /web/user, /web/funeral-home, /admin. */
export const PROFILE_ROUTES = {
  user: {
    profile: accountRoutes.userProfile,
    update: accountRoutes.userProfileUpdate,
    changePassword: accountRoutes.userChangePassword,
  },
  'funeral-home': {
    profile: accountRoutes.funeralHomeProfile,
    update: accountRoutes.funeralHomeProfileUpdate,
    changePassword: accountRoutes.funeralHomeChangePassword,
  },
  admin: {
    profile: accountRoutes.adminProfile,
    update: accountRoutes.adminProfileUpdate,
    changePassword: accountRoutes.adminChangePassword,
  },
} as const satisfies Record<AccountType, object>;

/** Who may export their data and delete their account (docs/product.md §11.6: not admins). */
export type LeavingRole = 'user' | 'funeral-home';
export const ACCOUNT_DATA_ROUTES = {
  user: accountDataRoutes.user,
  'funeral-home': accountDataRoutes.funeralHome,
} as const satisfies Record<LeavingRole, object>;
