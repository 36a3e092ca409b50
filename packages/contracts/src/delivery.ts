import { z } from 'zod';
import { captionLinks } from './caption-tracks';
import { idParams } from './common';
import { defineRoute } from './route';
import { deliveryHistoryEntry } from './delivery-repeat';
import { scheduleOptionsShown } from './schedule-options';

/** What the recipient's page and the watch call say (decision 0338: one home for a shared text). */
export const DELIVERY_MESSAGES = {
  /** Any link that does not open a video: unknown, revoked, expired, deleted (no hint which). */
  noLongerAvailable: 'This message is no longer available.',
  /** The schedule dialog's optional second address (docs/product.md §5.2). */
  fallbackLabel: 'Second address (optional)',
  fallbackHint:
    "If the recipient's mail server refuses the video, or cannot take it for three days, it goes to this address instead.",
  fallbackSameAsRecipient: 'The second address must be different from the recipient e-mail.',
  /** What the scheduled video's line says once the video went to the second address. */
  sentToFallback: 'sent to your second address',
} as const;

/**
 * pending → sending → sent | failed; pending|sending → cancelled (docs/decisions/0040).
 * pending → awaiting_owner when an account is activated again more than a day after a held delivery's
 * moment: the owner decides (send now → pending, or cancel → cancelled; docs/product.md §5.6).
 * sending|sent → bounced when the recipient's server refuses it for good, at once or by a later report
 * (decision 0385; docs/product.md §5.2); a second address given with the schedule then gets a delivery of its
 * own.
 */
export const deliveryStatuses = [
  'pending',
  'sending',
  'sent',
  'failed',
  'cancelled',
  'awaiting_owner',
  'bounced',
] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * How many live deliveries an owner may have without a membership (docs/product.md §5.5);
 * members have any number. The server enforces it, the plans page says it.
 */
export const FREE_LIVE_DELIVERIES = 1;

export const watchParams = z.object({ token: z.string() });

/** `GET /api/watch/{token}`: the recipient's page, no account needed. */
export const watchResponse = z.object({
  data: z.object({
    title: z.string(),
    description: z.string(),
    creator: z.object({ first_name: z.string(), last_name: z.string() }),
    sender_name: z.string(),
    created_at: z.string(),
    delivered_at: z.string().nullable(),
    /** Signed, expiring URLs (a `<video>` element cannot send a bearer header). */
    video_link: z.string().nullable(),
    video_thumbnail: z.string().nullable(),
    /** The video's accepted caption tracks, signed like the video: only this video's, only while it plays. */
    captions: captionLinks,
    duration: z.string().nullable(),
    /** Whether the sender is told of the first open (docs/product.md §5.8): the page says so in one line. */
    receipt: z.boolean(),
    /** The sender's note given with the schedule (plain text); absent without one and on a shared link. */
    note: z.string().optional(),
  }),
});
export type WatchResponse = z.infer<typeof watchResponse>;

/** What the video API can show about a scheduled video's delivery. */
export const deliveryInfo = z.object({
  status: z.enum(deliveryStatuses),
  recipient_email: z.string(),
  due_at: z.string(),
  sent_at: z.string().nullable(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  /** On a delivery made to the second address: the first address, which bounced or failed. */
  replaces_email: z.string().nullable(),
  /** The schedule's options as the owner chose them (schedule-options.ts). */
  ...scheduleOptionsShown,
  /** The next occurrence still to be sent, null when none is. */
  next_at: z.string().nullable().optional(),
  /** The video's finished occurrences, newest first (at most 20). */
  history: z.array(deliveryHistoryEntry).optional(),
  /**
   * The yearly address check of the current pending delivery (docs/product.md §5.9): its latest check
   * item, when it was asked and when confirmed (null: not yet); null when no check asked about it.
   */
  address_check: z
    .object({ asked_at: z.string(), confirmed_at: z.string().nullable() })
    .nullable()
    .optional(),
});
export type DeliveryInfo = z.infer<typeof deliveryInfo>;

/** The owner's answer about a delivery whose moment passed more than a day ago while it was held. */
export const heldDeliveryDecisions = ['send', 'cancel'] as const;
export const heldDeliveryBody = z.object({
  decision: z.enum(heldDeliveryDecisions, { error: 'The decision must be send or cancel.' }),
});
export const HELD_DELIVERY_SENT = 'Your video is being sent now.';
export const HELD_DELIVERY_CANCELLED = 'The delivery has been cancelled.';
export const NO_HELD_DELIVERY = 'This video has no delivery waiting for your answer.';
export const heldDeliveryResponse = z.object({
  message: z.string(),
  data: z.object({ video_id: z.number(), status: z.enum(['pending', 'cancelled']) }),
});

/** What a delivery status report changed (decision 0385): counts only, never an address. */
export const bounceReportResponse = z.object({
  message: z.string(),
  data: z.object({
    failed: z.number(),
    bounced: z.number(),
    already: z.number(),
    /** Deliveries left as they were: opened, or sent too long ago to be bounced (decision 0385). */
    kept: z.number(),
    other_mails: z.number(),
    unmatched: z.number(),
  }),
});

/** The calls of the delivery module (decision 0127). */
export const deliveryRoutes = {
  /** The recipient's watch page API: the link in the delivery e-mail, no account needed. */
  watch: defineRoute({
    method: 'GET',
    path: '/watch/:token',
    tag: 'Delivery',
    summary: "A delivered video message (title, description, sender's name, signed video URL)",
    access: 'public',
    params: watchParams,
    response: watchResponse,
  }),
  /** The owner sends now or cancels a delivery awaiting their answer (status awaiting_owner; id: the video's). */
  decideHeld: defineRoute({
    method: 'POST',
    path: '/web/user/video/:id/delivery/decide',
    tag: 'Delivery',
    summary:
      'Send now or cancel a delivery whose moment passed over a day ago while the account was deactivated',
    access: ['user'],
    params: idParams,
    body: heldDeliveryBody,
    response: heldDeliveryResponse,
  }),
  /**
   * The mail server pipes each delivery status notification (RFC 3464) it receives for our sender
   * address here, the raw message as the body (`message/rfc822`, `text/plain` or
   * `application/octet-stream`), with `Authorization: Bearer <MAIL_BOUNCE_SECRET>` and the envelope
   * recipient in `X-Original-To` (a signed return path; without one the report changes nothing). 404 while no secret
   * is configured, 401 for a wrong one, 413 over 256 KiB, 422 for a message that is no such report.
   */
  bounceReport: defineRoute({
    method: 'POST',
    path: '/mail/bounces',
    tag: 'Delivery',
    summary:
      'A delivery status notification piped from the mail server (raw message; Bearer MAIL_BOUNCE_SECRET)',
    access: 'public',
    response: bounceReportResponse,
    status: 202,
  }),
};
