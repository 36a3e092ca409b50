import type { NotificationBell } from '@pw/contracts';

/** Notification shapes from the server's contract (spec 000 §3, 001 §3). */
export type { NotificationStatus } from '@pw/contracts';
/** notifications (recent), count (unread, the badge), bell (the unread among the recent). */
export type BellData = NotificationBell['data'];
