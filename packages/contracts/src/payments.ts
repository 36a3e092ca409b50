import { z } from 'zod';
import { idParams, requiredMessage, requiredText } from './common';
import { defineRoute } from './route';

/**
 * The payment form's card (spec 000 §3: card_holder_name, card_no, expiry_date, cvv; §5: all four
 * required, card_no and cvv numeric, cvv at most 3). These are the form's rules only: whether the card
 * is real, unexpired and accepted is the payment provider's answer, a decline with its reason
 * (decision 0155), because only the server's clock and the provider can judge it.
 */

/** Longest card number ISO/IEC 7812 allows. */
export const CARD_NUMBER_MAX_DIGITS = 19;
export const CVV_MAX_DIGITS = 3;

/** People type card numbers in groups: `4242 4242 4242 4242` and `4242-4242-…` mean the same digits. */
export const cardDigits = (text: string): string => text.replace(/[\s-]/g, '');

/** A card's expiry month (1–12) and full year. */
export interface CardExpiry {
  month: number;
  year: number;
}

const EXPIRY = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/;

/** `MM/YY` or `MM/YYYY` (two-digit years are this century's); undefined when it is neither. */
export function parseCardExpiry(text: string): CardExpiry | undefined {
  const match = EXPIRY.exec(text.trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

// Strings only: a JSON number loses a CVV's leading zero and a long card number's last digits.
const requiredString = (label: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? requiredMessage(label)
          : `The ${label} must be sent as text.`,
    })
    .trim()
    .min(1, { error: requiredMessage(label), abort: true });

export const paymentCardFields = z.object({
  card_holder_name: requiredText('card holder name', 100),
  card_no: requiredString('card number')
    .transform(cardDigits)
    .pipe(
      z
        .string()
        .regex(/^\d+$/, { error: 'The card number must be a number.', abort: true })
        .max(
          CARD_NUMBER_MAX_DIGITS,
          `The card number may not be longer than ${CARD_NUMBER_MAX_DIGITS} digits.`,
        ),
    ),
  expiry_date: requiredString('expiry date').refine(
    (text) => parseCardExpiry(text) !== undefined,
    'The expiry date must be a month and year: MM/YY or MM/YYYY.',
  ),
  cvv: requiredString('CVV')
    .regex(/^\d+$/, { error: 'The CVV must be a number.', abort: true })
    .max(CVV_MAX_DIGITS, `The CVV may not be longer than ${CVV_MAX_DIGITS} digits.`),
});
export type PaymentCardFields = z.infer<typeof paymentCardFields>;

/** Spec 000 §3: the one-time purchase form sends `duration` fixed at '00:01:00'; each minute is bought. */
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

export const planPaymentBody = paymentCardFields;
export const extraTimePaymentBody = paymentCardFields.extend({ duration: extraTimeDuration });

/** Spec 000 §3: the answer gives the payment id the upload and merge send back as `payment_id`. */
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
/** Banner plans are paid for an approved banner request (`banner_ad_id`), which issue 12 brings. */
export const BANNER_PAYMENT_LATER_MESSAGE =
  'Banner plans are paid for an approved banner ad request (banner_ad_id), which is not available yet.';

const paymentTag = 'Payments';
const idempotencyNote =
  ' An `Idempotency-Key` header makes a retry answer the first payment; without one, the same purchase ' +
  'by the same account within a few seconds is taken as a double click (decision 0160).';

/** The calls of the payments module (decision 0127). */
export const paymentRoutes = {
  userPlanPayment: defineRoute({
    method: 'POST',
    path: '/web/user/plan/:id/payment',
    tag: paymentTag,
    summary: 'Pay for a membership or ad-free plan and start it.' + idempotencyNote,
    access: ['user'],
    params: idParams,
    body: planPaymentBody,
    response: paymentReceiptResponse,
  }),
  funeralHomePlanPayment: defineRoute({
    method: 'POST',
    path: '/web/funeral-home/plan/:id/payment',
    tag: paymentTag,
    summary: 'Pay for a funeral-home plan and start it.' + idempotencyNote,
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
};
