import type { AccountType } from '@pw/contracts';

/** The three signed-in areas that have a notifications page; the role decides route and wording. */
export type NotificationArea = 'user' | 'funeral' | 'admin';

export const NOTIFICATION_AREAS: Record<NotificationArea, { path: string; emptyText: string }> = {
  // docs/product.md §13.5: one empty text for users and funeral homes, another for the back office.
  user: { path: '/user/notifications', emptyText: 'No notification' },
  funeral: { path: '/funeral/notifications', emptyText: 'No notification' },
  admin: { path: '/admin/notifications', emptyText: 'No notifications available' },
};

export const AREA_OF_ROLE: Record<AccountType, NotificationArea> = {
  user: 'user',
  'funeral-home': 'funeral',
  admin: 'admin',
};
