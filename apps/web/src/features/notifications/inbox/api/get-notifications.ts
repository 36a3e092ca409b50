import { useInfiniteQuery } from '@tanstack/react-query';
import { notificationRoutes, routePath } from '@pw/contracts';
import { API_BASE, api } from '@/lib/api';
import { browserTimeZone } from '@/lib/dates';
import { notificationKeys } from '@/lib/query-keys';
import type { NotificationStatus } from '@pw/contracts';
import type { NotificationList } from '@pw/contracts';

/** docs/product.md §13.7: page size default 10, page 1. */
export const NOTIFICATIONS_PER_PAGE = 10;

/** The first page; the zone lets the server write created_at_formatted in the reader's local time. */
export const firstNotificationsPath = (status: NotificationStatus) =>
  routePath(
    notificationRoutes.list,
    {},
    {
      page: 1,
      per_page: NOTIFICATIONS_PER_PAGE,
      status,
      tz: browserTimeZone(),
    },
  );

/**
 * `links.next` is an absolute URL (Laravel style, e.g. `http://host/api/notification?page=2&…`); the
 * client wants the path under /api. Only same-origin links are followed.
 */
export function nextNotificationsPath(next: string | null | undefined): string | undefined {
  if (!next) return undefined;
  const url = new URL(next, window.location.origin);
  if (url.origin !== window.location.origin) return undefined;
  const path = url.pathname.startsWith(`${API_BASE}/`) ? url.pathname.slice(API_BASE.length) : url.pathname;
  return `${path}${url.search}`;
}

/** Follows a page path of GET /notification (the first one above, then the server's `links.next`). */
export const getNotifications = (path: string, signal?: AbortSignal) =>
  api.get<NotificationList>(path, signal);

/** GET /notification{query} as an infinite list: 'Load More' follows links.next. */
export function useNotifications(status: NotificationStatus) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(status),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: firstNotificationsPath(status),
    getNextPageParam: (last) => nextNotificationsPath(last.links?.next),
  });
}
