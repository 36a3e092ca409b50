import { cardDigits, parseCardExpiry, type CardExpiry } from '@pw/contracts';

/**
 * Pure card checks any provider may use: normalising, Luhn, brand, expiry against a given time, CVV.
 * The form's rules (required, numeric, lengths) are @pw/contracts' `paymentCardFields`; these judge
 * whether the card itself can be charged, and are reused from there where they overlap.
 */

export { cardDigits, parseCardExpiry, type CardExpiry };

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'diners' | 'unknown';

/** ISO/IEC 7812 numbers run from 12 (some Maestro) to 19 digits. */
const CARD_NUMBER = /^\d{12,19}$/;

/** The Luhn checksum every card number carries: catches a mistyped digit and most swapped pairs. */
export function passesLuhn(digits: string): boolean {
  if (!CARD_NUMBER.test(digits)) return false;
  let sum = 0;
  // From the right, every second digit is doubled (and 9 taken off when it passes 9).
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const inRange = (digits: string, length: number, low: number, high: number) => {
  const prefix = Number(digits.slice(0, length));
  return prefix >= low && prefix <= high;
};

/** The card network, from the number's leading digits (the issuer identification number). */
export function cardBrand(digits: string): CardBrand {
  if (digits.startsWith('4')) return 'visa';
  if (inRange(digits, 2, 51, 55) || inRange(digits, 4, 2221, 2720)) return 'mastercard';
  if (inRange(digits, 2, 34, 34) || inRange(digits, 2, 37, 37)) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65') || inRange(digits, 3, 644, 649)) return 'discover';
  if (inRange(digits, 4, 3528, 3589)) return 'jcb';
  if (inRange(digits, 3, 300, 305) || digits.startsWith('36') || digits.startsWith('38')) return 'diners';
  return 'unknown';
}

/** The last four digits: all a receipt, a payment row or a log may show of a card. */
export const lastFour = (digits: string): string => digits.slice(-4);

/**
 * A card is good through the last moment of its expiry month. Months are counted in UTC so the answer
 * does not depend on the server's time zone (a payer a few hours off may see it a day early or late).
 */
export function hasExpired(expiry: CardExpiry, now: Date): boolean {
  const firstMomentAfter = Date.UTC(expiry.year, expiry.month, 1); // month is 1-based: this is the next month
  return now.getTime() >= firstMomentAfter;
}

/** Three digits, as docs/product.md §7 and the form (docs/product.md §13.6: cvv at most 3) ask. */
export const isValidCvv = (cvv: string): boolean => /^\d{3}$/.test(cvv.trim());
