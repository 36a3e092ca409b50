import { z } from 'zod';
import { idParams, requiredMessage } from './common';
import { listQuery, paginatedResponse } from './lists';
import { paymentCardFields } from './payment-card';
import { planCategories } from './plans';
import { defineRoute } from './route';

/**
 * The payments module's calls (docs/product.md §7): paying for a plan or for extra video minutes, each request
 * charging once (decision 0160), and the payment and purchase logs.
 */

/** docs/product.md §13.4: the one-time purchase form sends `duration` fixed at '00:01:00'; each minute is bought. */
const MINUTES = /^(\d{2}):(\d{2}):00$/;
export const extraTimeDuration = z
  .string({ error: requiredMessage('duration') })
  .trim()
  .min(1, { error: requiredMessage('duration'), abort: true })
  .refine((text) => {
    const match = MINUTES.exec(text);
    return match !== null && Number(match[2]) < 60 && Number(match[1]) * 60 + Number(match[2]) >= 1;
  }, 'The duration must be whole minutes as HH:MM:00, e.g. 00:01:00.')
  .transform((text) => {
    const [hours, minutes] = text.split(':').map(Number);
    return (hours! * 60 + minutes!) * 60;
  });

/** A banner plan is paid for one approved banner ad request of the payer (`banner_ad_id`). */
export const planPaymentBody = paymentCardFields.extend({
  banner_ad_id: z.coerce
    .number({ error: 'The banner ad id must be a whole number.' })
    .int('The banner ad id must be a whole number.')
    .positive('The banner ad id must be a whole number.')
    .max(2_147_483_647, 'The banner ad id must be a whole number.')
    .optional(),
});
export const extraTimePaymentBody = paymentCardFields.extend({ duration: extraTimeDuration });

/** docs/product.md §13.4: the answer gives the payment id the upload and merge send back as `payment_id`. */
export const paymentReceipt = z.object({
  id: z.number(),
  payment_id: z.string(),
  amount: z.string(),
  currency: z.string(),
  brand: z.string(),
  last4: z.string(),
  created_at: z.string(),
  message: z.string(),
});
export type PaymentReceipt = z.infer<typeof paymentReceipt>;
export const paymentReceiptResponse = z.object({ message: z.string(), data: paymentReceipt });

export const PAYMENT_SUCCESS_MESSAGE = 'Payment Successfully Made!';

/**
 * Extra time bought and not used yet: it stays the buyer's for a later upload or merge until one uses it,
 * and never expires unused. `payment_id` is what the upload or merge sends.
 */
export const unusedExtraTime = z.object({
  payment_id: z.string(),
  /** Extra seconds beyond the free time it gives one video (whole minutes). */
  seconds: z.number().int(),
  minutes: z.number().int(),
  amount: z.string(),
  created_at: z.string(),
});
export type UnusedExtraTime = z.infer<typeof unusedExtraTime>;
/** A banner plan needs the approved request it pays for. */
export const BANNER_AD_REQUIRED_MESSAGE = 'The banner ad id field is required for a banner plan.';

const paymentTag = 'Payments';
const idempotencyNote =
  ' An `Idempotency-Key` header makes a retry answer the first payment; without one, the same purchase ' +
  'by the same account within a few seconds is taken as a double click (decision 0160).';

/** The payment-log categories (docs/product.md §13.2 `/admin/payment/plans-categoris`): the plan kinds and extra time. */
export const EXTRA_TIME_CATEGORY = { id: 5, title: 'One-Time Purchase' } as const;
export const paymentCategories = [
  ...planCategories.map(({ id, title }) => ({ id, title })),
  EXTRA_TIME_CATEGORY,
];
export const paymentCategory = z.object({ id: z.number(), title: z.string() });

/** docs/product.md §13.4 subscription log row and funeral subscription record, in one row. */
export const paymentHistoryRow = z.object({
  id: z.number(),
  amount_paid: z.string(),
  created_at: z.string(),
  expiry_date: z.string().nullable(),
  /** 1 while the plan runs (or the extra time is unused), else 0. */
  status: z.union([z.literal(0), z.literal(1)]),
  /** docs/product.md §13.5: the client shows 'Expired' when this reads 'Inactive' (a lapsed plan, used extra time). */
  status_detail: z.enum(['Active', 'Inactive']),
  payable: z.object({
    id: z.number().nullable(),
    title: z.string(),
    duration: z.string(),
    price: z.string(),
    status_detail: z.enum(['Active', 'Inactive']),
    plan_category: paymentCategory,
  }),
});
export type PaymentHistoryRow = z.infer<typeof paymentHistoryRow>;

/** docs/product.md §13.7: Purchase Date (from_date/to_date) and Expiry Date (expiry_from/expiry_to) filters. */
export const paymentHistoryQuery = listQuery(['created_at', 'amount'], 'created_at').safeExtend({
  expiry_from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The expiry from must be a date (YYYY-MM-DD).')
    .optional(),
  expiry_to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The expiry to must be a date (YYYY-MM-DD).')
    .optional(),
});
export type PaymentHistoryQuery = z.output<typeof paymentHistoryQuery>;

/** docs/product.md §13.4 payment log: id, name, type, subscription_type, price, purchase_date. */
export const adminPaymentRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  /**
   * `deleted`: the payer deleted their account; the payment stays for the books, anonymised
   * (docs/product.md §11.6).
   */
  type: z.enum(['user', 'funeral-home', 'admin', 'deleted']),
  subscription_type: z.string(),
  plan_name: z.string(),
  price: z.string(),
  purchase_date: z.string(),
});
export type AdminPaymentRow = z.infer<typeof adminPaymentRow>;

export const adminPaymentQuery = listQuery(['purchase_date', 'price'], 'purchase_date').safeExtend({
  user_type: z
    .enum(['user', 'funeral-home', ''], { error: 'The user type must be user or funeral-home.' })
    .optional()
    .transform((value) => value || undefined),
  subscription_type: z
    .enum(['1', '2', '3', '4', '5', ''], { error: 'The subscription type must be a plan category id.' })
    .optional()
    .transform((value) => (value ? Number(value) : undefined)),
});
export type AdminPaymentQuery = z.output<typeof adminPaymentQuery>;

const paymentHistoryRoutes = {
  userHistory: defineRoute({
    method: 'GET',
    path: '/web/user/payment',
    tag: paymentTag,
    summary: "The user's payments, newest first: purchase and expiry date filters, paged",
    access: ['user'],
    query: paymentHistoryQuery,
    response: paginatedResponse(paymentHistoryRow),
  }),
  funeralHomeHistory: defineRoute({
    method: 'GET',
    path: '/web/funeral-home/payment',
    tag: paymentTag,
    summary: "The funeral home's payments, newest first: purchase and expiry date filters, paged",
    access: ['funeral-home'],
    query: paymentHistoryQuery,
    response: paginatedResponse(paymentHistoryRow),
  }),
  adminLog: defineRoute({
    method: 'GET',
    path: '/admin/payment',
    tag: paymentTag,
    summary: 'Every payment: user_type, subscription_type (a category id), search, dates, paged',
    access: ['admin'],
    query: adminPaymentQuery,
    response: paginatedResponse(adminPaymentRow),
  }),
  adminCategories: defineRoute({
    method: 'GET',
    path: '/admin/payment/plans-categoris',
    tag: paymentTag,
    summary:
      "The payment log's category filter: id and title (the path spelled as the existing client spells it)",
    access: ['admin'],
    response: z.object({ data: z.array(paymentCategory) }),
  }),
};

/** docs/product.md §13.4 time-subscription and funeral-home subscription log row. */
export const subscriptionLogRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  plan_title: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  status_detail: z.enum(['Active', 'Expired']),
  price: z.string(),
  purchase_date: z.string(),
  expiry_date: z.string().nullable(),
});
export type SubscriptionLogRow = z.infer<typeof subscriptionLogRow>;

/** docs/product.md §13.7: search, status (1 Active, 0 Expired), Purchase Date (from/to) and Expiry Date. */
export const subscriptionLogQuery = listQuery(['purchase_date', 'price'], 'purchase_date').safeExtend({
  status: z
    .enum(['0', '1', ''], { error: 'The status must be 0 or 1.' })
    .optional()
    .transform((value) => (value ? (Number(value) as 0 | 1) : undefined)),
  expiry_from: paymentHistoryQuery.shape.expiry_from,
  expiry_to: paymentHistoryQuery.shape.expiry_to,
});
export type SubscriptionLogQuery = z.output<typeof subscriptionLogQuery>;

const subscriptionLog = (path: string, what: string) =>
  defineRoute({
    method: 'GET',
    path,
    tag: paymentTag,
    summary: `Purchases of ${what} plans: search, status, purchase and expiry dates, paged`,
    access: ['admin'],
    query: subscriptionLogQuery,
    response: paginatedResponse(subscriptionLogRow),
  });

/** The admin's purchase logs of each kind sold as a subscription (docs/product.md §13.2). */
export const subscriptionLogRoutesByKind = {
  membership: subscriptionLog('/admin/subscription/time-block/logs', 'membership (time)'),
  'ad-free': subscriptionLog('/admin/subscription/ad-free/logs', 'ad-free'),
  'funeral-home': subscriptionLog('/admin/subscription/funeral-home/logs', 'funeral-home'),
} as const;
export type SubscriptionLogKind = keyof typeof subscriptionLogRoutesByKind;

/** The calls of the payments module (decision 0127). */
export const paymentRoutes = {
  ...paymentHistoryRoutes,
  membershipLogs: subscriptionLogRoutesByKind.membership,
  adFreeLogs: subscriptionLogRoutesByKind['ad-free'],
  funeralHomeLogs: subscriptionLogRoutesByKind['funeral-home'],
  userPlanPayment: defineRoute({
    method: 'POST',
    path: '/web/user/plan/:id/payment',
    tag: paymentTag,
    summary:
      'Pay for a membership or ad-free plan and start it, or a banner plan for an approved banner ad ' +
      'request (banner_ad_id).' +
      idempotencyNote,
    access: ['user'],
    params: idParams,
    body: planPaymentBody,
    response: paymentReceiptResponse,
  }),
  funeralHomePlanPayment: defineRoute({
    method: 'POST',
    path: '/web/funeral-home/plan/:id/payment',
    tag: paymentTag,
    summary:
      'Pay for a funeral-home plan and start it, or a banner plan for an approved banner ad request ' +
      '(banner_ad_id).' +
      idempotencyNote,
    access: ['funeral-home'],
    params: idParams,
    body: planPaymentBody,
    response: paymentReceiptResponse,
  }),
  extraTimePayment: defineRoute({
    method: 'POST',
    path: '/web/user/video/payment',
    tag: paymentTag,
    summary:
      'Buy extra video minutes at the current rate; the answer’s payment_id is used once.' + idempotencyNote,
    access: ['user'],
    body: extraTimePaymentBody,
    response: paymentReceiptResponse,
  }),
  unusedExtraTime: defineRoute({
    method: 'GET',
    path: '/web/user/video/payment/unused',
    tag: paymentTag,
    summary:
      "The user's extra-time purchases not used by a video yet, oldest first: each can be passed once " +
      'as `payment_id` with an upload or merge, and none expires unused.',
    access: ['user'],
    response: z.object({ data: z.array(unusedExtraTime) }),
  }),
};
