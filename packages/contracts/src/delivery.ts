import { z } from 'zod';
import { idParams } from './common';
import { defineRoute } from './route';
import { deliveryHistoryEntry, deliveryRepeats } from './delivery-repeat';

/** What the recipient's page and the watch call say (decision 0126: one home for a shared text). */
export const DELIVERY_MESSAGES = {
  /** Any link that does not open a video: unknown, revoked, expired, deleted (no hint which). */
  noLongerAvailable: 'This message is no longer available.',
} as const;

/**
 * pending → sending → sent | failed; pending|sending → cancelled (docs/decisions/0040).
 * pending → awaiting_owner when an account is activated again more than a day after a held delivery's
 * moment: the owner decides (send now → pending, or cancel → cancelled; decision 0239).
 */
export const deliveryStatuses = [
  'pending',
  'sending',
  'sent',
  'failed',
  'cancelled',
  'awaiting_owner',
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
    duration: z.string().nullable(),
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
  /** `yearly`: sent every year at the owner's date and time (each occurrence a delivery of its own). */
  repeat: z.enum(deliveryRepeats).optional(),
  /** The last year a yearly delivery is sent in; null: no end. */
  repeat_until: z.number().nullable().optional(),
  /** The next occurrence still to be sent, null when none is. */
  next_at: z.string().nullable().optional(),
  /** The video's finished occurrences, newest first (at most 20). */
  history: z.array(deliveryHistoryEntry).optional(),
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
};
