import type { AccountType } from '@pw/contracts';

/** Where each role's profile screens live (docs/product.md §13.3, §9). */
export const PROFILE_PATHS: Record<
  AccountType,
  { home: string; details: string; edit: string; changePassword: string }
> = {
  user: {
    home: '/user/profile',
    details: '/user/profile/details',
    edit: '/user/profile/edit',
    changePassword: '/user/profile/change-password',
  },
  'funeral-home': {
    home: '/funeral/profile',
    details: '/funeral/profile',
    edit: '/funeral/profile/edit',
    changePassword: '/funeral/profile/change-password',
  },
  admin: {
    home: '/admin/profile',
    details: '/admin/profile',
    edit: '/admin/profile/edit',
    changePassword: '/admin/profile/change-password',
  },
};
