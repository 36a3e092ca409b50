import { z } from 'zod';
import { defineRoute } from './route';

/** pending → sending → sent | failed; pending|sending → cancelled (docs/decisions/0040). */
export const deliveryStatuses = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

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
});
export type DeliveryInfo = z.infer<typeof deliveryInfo>;

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
};
