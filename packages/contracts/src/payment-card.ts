import { z } from 'zod';
import { requiredMessage, requiredText } from './common';

/**
 * The payment form's card (docs/product.md §13.4: card_holder_name, card_no, expiry_date, cvv; §13.6: all four
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
