import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationRoutes, type NotificationItem } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { notificationKeys } from '@/lib/query-keys';
import {
  applyToggle,
  restoreNotifications,
  snapshotNotifications,
  type NotificationSnapshot,
} from '../model/cache';

export const toggleNotification = (id: NotificationItem['id']) =>
  callRoute(notificationRoutes.toggle, { params: { id } });

/**
 * POST /notification/update/{id}: read <-> unread. The badge and the list change at once (docs/product.md §13.5:
 * "the badge updates locally and the server is updated"); a failure is only logged (docs/product.md §13.5) and the
 * optimistic change is put back.
 */
export function useToggleNotification() {
  const client = useQueryClient();
  return useMutation<unknown, Error, NotificationItem['id'], NotificationSnapshot>({
    mutationFn: toggleNotification,
    onMutate: async (id) => {
      const snapshot = await snapshotNotifications(client);
      applyToggle(client, id, new Date().toISOString());
      return snapshot;
    },
    onError: (error, _id, snapshot) => {
      console.error('Could not change the notification', error);
      if (snapshot) restoreNotifications(client, snapshot);
    },
    onSettled: async () => {
      // The list on screen keeps the item where it is (so it can be flipped back); other filters are
      // only marked stale and reload when opened. The bell re-reads the true count.
      await client.invalidateQueries({ queryKey: notificationKeys.lists(), refetchType: 'none' });
      await client.invalidateQueries({ queryKey: notificationKeys.bell() });
    },
  });
}
