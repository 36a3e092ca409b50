import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { notificationKeys } from '@/lib/query-keys';
import type { BellData } from '../api/get-bell';
import type { NotificationItem, NotificationList } from '@pw/contracts';

type Lists = InfiniteData<NotificationList, string>;

/** Everything an optimistic change touches, kept so a failure can put it back. */
export interface NotificationSnapshot {
  bell: BellData | undefined;
  lists: [QueryKey, Lists | undefined][];
}

export async function snapshotNotifications(client: QueryClient): Promise<NotificationSnapshot> {
  // A poll landing mid-change would overwrite the optimistic state with the old server state.
  await client.cancelQueries({ queryKey: notificationKeys.all });
  return {
    bell: client.getQueryData<BellData>(notificationKeys.bell()),
    lists: client.getQueriesData<Lists>({ queryKey: notificationKeys.lists() }),
  };
}

export function restoreNotifications(client: QueryClient, snapshot: NotificationSnapshot) {
  client.setQueryData(notificationKeys.bell(), snapshot.bell);
  for (const [key, data] of snapshot.lists) client.setQueryData(key, data);
}

const sameId = (a: NotificationItem['id'], b: NotificationItem['id']) => String(a) === String(b);

/** Applies `change` to every cached copy of the notifications (bell and every filtered list). */
function patchAll(client: QueryClient, change: (item: NotificationItem) => NotificationItem) {
  client.setQueriesData<Lists>({ queryKey: notificationKeys.lists() }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map(change) })) } : data,
  );
  client.setQueryData<BellData>(notificationKeys.bell(), (bell) =>
    bell ? { ...bell, notifications: bell.notifications.map(change) } : bell,
  );
}

/** The read state an item is about to get, from whichever cache knows it. */
export function findNotification(
  client: QueryClient,
  id: NotificationItem['id'],
): NotificationItem | undefined {
  const bell = client.getQueryData<BellData>(notificationKeys.bell());
  const inBell = bell?.notifications.find((item) => sameId(item.id, id));
  if (inBell) return inBell;
  for (const [, data] of client.getQueriesData<Lists>({ queryKey: notificationKeys.lists() })) {
    for (const page of data?.pages ?? []) {
      const found = page.data.find((item) => sameId(item.id, id));
      if (found) return found;
    }
  }
  return undefined;
}

/** Flips one notification and moves the unread count by one in the same step. */
export function applyToggle(client: QueryClient, id: NotificationItem['id'], nowIso: string) {
  const current = findNotification(client, id);
  if (!current) return;
  const becomesRead = current.read_at === null;
  patchAll(client, (item) =>
    sameId(item.id, id) ? { ...item, read_at: becomesRead ? nowIso : null } : item,
  );
  client.setQueryData<BellData>(notificationKeys.bell(), (bell) => {
    if (!bell) return bell;
    const unreadRecent = bell.bell.filter((item) => !sameId(item.id, id));
    if (!becomesRead) unreadRecent.unshift({ ...current, read_at: null });
    return { ...bell, count: Math.max(0, bell.count + (becomesRead ? -1 : 1)), bell: unreadRecent };
  });
}

export function applyMarkAllRead(client: QueryClient, nowIso: string) {
  patchAll(client, (item) => (item.read_at === null ? { ...item, read_at: nowIso } : item));
  client.setQueryData<BellData>(notificationKeys.bell(), (bell) =>
    bell ? { ...bell, count: 0, bell: [] } : bell,
  );
}
