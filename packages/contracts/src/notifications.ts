import { z } from 'zod';
import { idParams } from './common';
import { pageParams, paginatedResponse, timeZoneField, type Paginated } from './lists';
import { defineRoute } from './route';

export const NOTIFICATION_MESSAGES = {
  allRead: 'All notifications marked as read.',
} as const;

/** docs/product.md §9: the list is filtered All, Read or Unread. */
export const notificationStatuses = ['all', 'read', 'unread'] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

/** `GET /notification{query}`: page, per_page, status; `tz` (IANA) for created_at_formatted, UTC if absent. */
export const notificationListQuery = pageParams.extend({
  status: z
    .enum(notificationStatuses, { error: 'The status must be one of: all, read, unread.' })
    .default('all'),
  tz: timeZoneField,
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const notificationBellQuery = z.object({ tz: timeZoneField });

/** docs/product.md §13.4 Notification: id, read_at, created_at(_human, _formatted), data.title, data.body. */
export const notificationItem = z.object({
  id: z.number(),
  /** What happened (`delivery.sent`, `signup.new`, …); also in data.kind. */
  type: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  /** e.g. "5 minutes ago". */
  created_at_human: z.string(),
  /** e.g. "Nov 22, 2026 10:30 AM" (in `tz`, UTC by default). */
  created_at_formatted: z.string(),
  data: z.object({ title: z.string(), body: z.string(), kind: z.string() }).catchall(z.unknown()),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export type NotificationList = Paginated<NotificationItem>;

/** `GET /notification{query}`: the list kit's paginated envelope (`links.next` for Load More). */
export const notificationListResponse = paginatedResponse(notificationItem);

/** `GET /notification/bell`: recent notifications, the unread count (badge) and the unread ones (bell). */
export const notificationBell = z.object({
  data: z.object({
    notifications: z.array(notificationItem),
    count: z.number(),
    bell: z.array(notificationItem),
  }),
});
export type NotificationBell = z.infer<typeof notificationBell>;

export const notificationToggleResponse = z.object({ message: z.string(), data: notificationItem });
export const notificationMarkAllResponse = z.object({
  message: z.string(),
  data: z.object({ updated: z.number(), count: z.number() }),
});

/** Kinds the server emits (docs/product.md §10); other modules add theirs. */
export const notificationKinds = {
  deliverySent: 'delivery.sent',
  deliveryFailed: 'delivery.failed',
  /** The recipient's mail server refused a delivery for good (docs/product.md §5.2). */
  deliveryBounced: 'delivery.bounced',
  newSignup: 'signup.new',
  newQuery: 'query.new',
  passwordChanged: 'account.password_changed',
  /** An administrator deactivated or activated the account (docs/product.md §2.6; the former is e-mailed anyway). */
  accountDeactivated: 'account.deactivated',
  accountActivated: 'account.activated',
  /** A held delivery's moment passed over a day ago: the owner sends it now or cancels it (docs/product.md §5.6). */
  deliveryAwaitingOwner: 'delivery.awaiting_owner',
  /** The recipient first opened an occurrence's watch link (docs/product.md §5.8; in the app only). */
  deliveryOpened: 'delivery.opened',
  paymentMade: 'payment.made',
  newPurchase: 'purchase.new',
  subscriptionExpiring: 'subscription.expiring',
  subscriptionExpired: 'subscription.expired',
  subscriptionRenewalFailed: 'subscription.renewal_failed',
  newBannerAd: 'banner_ad.new',
  bannerAdApproved: 'banner_ad.approved',
  bannerAdRejected: 'banner_ad.rejected',
  /** The requester's paid ad went live (docs/product.md §8). */
  bannerAdLive: 'banner_ad.live',
  /** A family sent a funeral home its form (docs/product.md §8). */
  newUserRequest: 'funeral.request_new',
  /** A funeral home published the video a person granted it (docs/product.md §8). */
  videoPublished: 'funeral.video_published',
  /** The owner's data export is ready to download (docs/product.md §11.5). */
  accountExportReady: 'account.export_ready',
  /** Someone reported the owner's passing: the waiting period runs (docs/product.md §6). */
  legacyReported: 'legacy.reported',
  /** The owner's daily reminder while a report waits (docs/product.md §6). */
  legacyReminder: 'legacy.reminder',
  /** A report the person made was cancelled (docs/product.md §6: not by whom or why). */
  legacyCancelled: 'legacy.cancelled',
  /** An administrator halted a release (docs/product.md §6). */
  legacyHalted: 'legacy.halted',
  /** A trusted contact the owner named accepted the role. */
  legacyContactConfirmed: 'legacy.contact_confirmed',
  /** A new version of the privacy policy and terms is in force (docs/product.md §11.7). */
  policyUpdated: 'policy.updated',
  /** A check of the storage found one of the person's files missing or altered (decision 0340). */
  mediaDamaged: 'media.damaged',
  /** Once a year: are the addresses of deliveries due more than a year ahead still right (docs/product.md §5.9). */
  deliveryAddressCheck: 'delivery.address_check',
  /** An administrator opened the owner's sealed final message, with a reason (docs/product.md §11.10). */
  adminRead: 'audit.admin_read',
} as const;

/**
 * The calls of the notifications module (decision 0127). docs/product.md §13.2, §10.1: every signed-in role (user,
 * funeral home, admin) reads and marks its own, and only its own.
 */
export const notificationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/notification',
    tag: 'Notifications',
    summary: 'Own notifications, paged',
    access: 'signed-in',
    query: notificationListQuery,
    response: notificationListResponse,
  }),
  bell: defineRoute({
    method: 'GET',
    path: '/notification/bell',
    tag: 'Notifications',
    summary: 'Bell: recent notifications, unread count, unread ones',
    access: 'signed-in',
    query: notificationBellQuery,
    response: notificationBell,
  }),
  /** The id in the path: anything but a positive integer is simply not found (404), like someone else's. */
  toggle: defineRoute({
    method: 'POST',
    path: '/notification/update/:id',
    tag: 'Notifications',
    summary: 'Toggle one notification read/unread',
    access: 'signed-in',
    params: idParams,
    response: notificationToggleResponse,
  }),
  markAllRead: defineRoute({
    method: 'POST',
    path: '/notification/mark-all-read',
    tag: 'Notifications',
    summary: 'Mark every own notification read',
    access: 'signed-in',
    response: notificationMarkAllResponse,
  }),
};
