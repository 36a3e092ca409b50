/**
 * Notification shapes as the web reads them (spec 000 §3, 001 §3). Provisional until the server's
 * contract (packages/contracts/src/notifications.ts) lands; then these re-export it.
 */
export interface AppNotification {
  id: string | number;
  /** Present means read. */
  read_at: string | null;
  created_at: string;
  created_at_human?: string;
  created_at_formatted?: string;
  /** What happened (`delivery.sent`, `signup.new`, …). */
  type?: string;
  data: { title: string; body: string; kind?: string };
}

export type NotificationStatus = 'all' | 'read' | 'unread';

export interface NotificationPage {
  message?: string;
  data: AppNotification[];
  meta: {
    current_page: number;
    last_page: number;
    from: number | null;
    to: number | null;
    total: number;
    per_page: number;
  };
  links: { prev: string | null; next: string | null };
}

export interface BellData {
  notifications: AppNotification[];
  /** Unread count. */
  count: number;
  /** The unread ones among the recent. */
  bell: AppNotification[];
}
