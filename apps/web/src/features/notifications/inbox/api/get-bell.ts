import { useQuery } from '@tanstack/react-query';
import { notificationRoutes, type NotificationBell } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { browserTimeZone } from '@/lib/dates';
import { notificationKeys } from '@/lib/query-keys';

/** notifications (recent), count (unread, the badge), bell (the unread among the recent). */
export type BellData = NotificationBell['data'];

/** How often the bell asks for news, so a delivery shows without a reload. */
export const BELL_POLL_MS = 30_000;

export const getBell = async (signal?: AbortSignal) =>
  (await callRoute(notificationRoutes.bell, { query: { tz: browserTimeZone() }, signal })).data;

/** GET /notification/bell: recent notifications and the unread count. */
export function useBell(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.bell(),
    queryFn: ({ signal }) => getBell(signal),
    enabled,
    staleTime: 10_000,
    refetchInterval: BELL_POLL_MS,
    refetchOnWindowFocus: true,
  });
}
