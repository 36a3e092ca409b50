import { z } from 'zod';
import { idParams } from './common';
import { defineRoute } from './route';

/**
 * Subscriptions (docs/product.md §7): the plan an account holds now, cancelling its auto-renewal and turning it
 * back on. Renewing is a new payment for a plan of the same kind (`POST /web/{role}/plan/{id}/payment`): the
 * running plan of that kind expires at once and the new one starts (docs/product.md §13.5, §7).
 */

/** A running subscription as its holder sees it. */
export const activeSubscription = z.object({
  /** The subscription's id: what cancel takes. */
  id: z.number(),
  plan_id: z.number(),
  title: z.string(),
  /** The plan's duration (monthly, yearly, life-time, weekly). */
  duration: z.string(),
  /** The price paid, as '4.99' (shown with '$'). */
  price: z.string(),
  starts_at: z.string(),
  /** Null for a life-time plan. */
  expiry_date: z.string().nullable(),
  /** False once cancelled: the plan then runs until its expiry and is not charged again. */
  auto_renew: z.boolean(),
  status: z.enum(['active', 'cancelled']),
});
export type ActiveSubscription = z.infer<typeof activeSubscription>;

/**
 * The current user's plans (docs/product.md §13.4 `active_plan.home_plan`): `home_plan` is the running membership
 * of a user or the running funeral-home plan of a funeral home, null without one (the post-login rule of
 * docs/product.md §13.3 reads it); `ad_free` is a user's running ad-free plan. Admins have no plans: null.
 */
export const activePlanSchema = z
  .object({
    home_plan: activeSubscription.nullable(),
    ad_free: activeSubscription.nullable(),
  })
  .nullable();
export type ActivePlan = z.infer<typeof activePlanSchema>;

export const SUBSCRIPTION_CANCELLED_MESSAGE = 'Subscription Cancelled!';
export const subscriptionCancelResponse = z.object({ message: z.string(), data: activeSubscription });
/** The answer to turning a cancelled plan's auto-renewal back on before it ends (docs/product.md §7.4). */
export const SUBSCRIPTION_RENEWAL_ON_MESSAGE = 'Auto-renewal Turned Back On!';

const tag = 'Payments';
const cancelSummary =
  "Cancel a running subscription's auto-renewal: it keeps running until its expiry date and is not " +
  'charged again. Cancelling twice answers the same; another account’s subscription is not found.';
const resumeSummary =
  "Turn a cancelled subscription's auto-renewal back on before its expiry date: at its end it is charged " +
  'again on the card that paid for it. Sending it twice answers the same; after expiry, or for a life-time ' +
  'plan, 422; another account’s subscription is not found.';

/** The subscription calls of the payments module (decision 0127); paths given by docs/product.md §7. */
export const subscriptionRoutes = {
  userCancel: defineRoute({
    method: 'POST',
    path: '/web/user/subscription/:id/cancel',
    tag,
    summary: cancelSummary,
    access: ['user'],
    params: idParams,
    response: subscriptionCancelResponse,
  }),
  funeralHomeCancel: defineRoute({
    method: 'POST',
    path: '/web/funeral-home/subscription/:id/cancel',
    tag,
    summary: cancelSummary,
    access: ['funeral-home'],
    params: idParams,
    response: subscriptionCancelResponse,
  }),
  userResume: defineRoute({
    method: 'POST',
    path: '/web/user/subscription/:id/resume',
    tag,
    summary: resumeSummary,
    access: ['user'],
    params: idParams,
    response: subscriptionCancelResponse,
  }),
  funeralHomeResume: defineRoute({
    method: 'POST',
    path: '/web/funeral-home/subscription/:id/resume',
    tag,
    summary: resumeSummary,
    access: ['funeral-home'],
    params: idParams,
    response: subscriptionCancelResponse,
  }),
};
