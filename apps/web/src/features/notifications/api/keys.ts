import type { NotificationStatus } from './types';

/** Query keys: every notification query lives under ['notifications'] so one call can refresh them all. */
export const notificationKeys = {
  all: ['notifications'] as const,
  bell: () => ['notifications', 'bell'] as const,
  lists: () => ['notifications', 'list'] as const,
  list: (status: NotificationStatus) => ['notifications', 'list', status] as const,
};
