import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { notificationKeys } from '@/lib/query-keys';
import {
  applyMarkAllRead,
  restoreNotifications,
  snapshotNotifications,
  type NotificationSnapshot,
} from '../model/cache';

export const markAllNotificationsRead = () => callRoute(notificationRoutes.markAllRead);

/** POST /notification/mark-all-read, optimistic like the single toggle; failures only logged. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation<unknown, Error, void, NotificationSnapshot>({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      const snapshot = await snapshotNotifications(client);
      applyMarkAllRead(client, new Date().toISOString());
      return snapshot;
    },
    onError: (error, _vars, snapshot) => {
      console.error('Could not mark all notifications as read', error);
      if (snapshot) restoreNotifications(client, snapshot);
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
