import type { NotificationBell, NotificationItem, NotificationList } from '@pw/contracts';

/** Notification shapes from the server's contract (spec 000 §3, 001 §3). */
export type { NotificationStatus } from '@pw/contracts';
export type AppNotification = NotificationItem;
export type NotificationPage = NotificationList;
/** notifications (recent), count (unread, the badge), bell (the unread among the recent). */
export type BellData = NotificationBell['data'];
