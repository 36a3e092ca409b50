import type { CardBrand } from './card';

/**
 * What the app asks of a payment provider (decision 0155). The embedded sandbox answers it today
 * (sandbox.ts); a real provider is another implementation chosen by PAYMENT_PROVIDER. The card's
 * number and CVV pass through a charge and nowhere else: neither answer carries them, and the caller
 * keeps only the reference, brand and last four.
 */

/** The card as typed on the payment form; the number may hold spaces or dashes. */
export interface CardInput {
  holderName: string;
  number: string;
  /** `MM/YY` or `MM/YYYY`. */
  expiry: string;
  cvv: string;
}

export interface ChargeRequest {
  /** In the currency's smallest unit (cents), a positive whole number. */
  amountCents: number;
  /** ISO 4217, e.g. `USD`. */
  currency: string;
  card: CardInput;
  /**
   * One per payment attempt the user made (e.g. the payment row's key): the same key again, however
   * often and however concurrently, answers the first charge's result and charges nothing more.
   */
  idempotencyKey: string;
  /** Shown on the provider's side, e.g. the plan's title. */
  description: string;
}

export interface ChargeSucceeded {
  ok: true;
  /** The provider's id of the charge: what a refund or a dispute names. Unguessable. */
  reference: string;
  brand: CardBrand;
  last4: string;
}

export type DeclineCode = 'declined' | 'insufficient_funds' | 'invalid_card' | 'expired_card' | 'invalid_cvv';

/** A refusal the payer can act on; `message` is written for them (the response's `message`). */
export interface ChargeDeclined {
  ok: false;
  code: DeclineCode;
  message: string;
}

export type ChargeResult = ChargeSucceeded | ChargeDeclined;

/** One wording per reason, whichever provider declined: the payer reads it as the answer's `message`. */
export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  invalid_card: 'Your card number is not valid.',
  expired_card: 'Your card has expired.',
  invalid_cvv: "Your card's security code (CVV) is not valid.",
};

export const decline = (code: DeclineCode, message = DECLINE_MESSAGES[code]): ChargeDeclined => ({
  ok: false,
  code,
  message,
});

/** The caller's mistake, not the card's: the same idempotency key sent with a different charge. */
export class IdempotencyKeyReusedError extends Error {
  constructor(key: string) {
    super(`The idempotency key ${key} was already used for a different charge.`);
    this.name = 'IdempotencyKeyReusedError';
  }
}

/**
 * A charge of a card the provider already holds (an auto-renewal, decision 0155): named by the
 * reference of an earlier successful charge of that card, for the plan's current price.
 */
export interface StoredChargeRequest {
  reference: string;
  amountCents: number;
  currency: string;
  /** One per subscription period: the same key again answers the first result and charges nothing more. */
  idempotencyKey: string;
  description: string;
}

/** A stored charge made: its own reference (what the next renewal names); brand and last four are the card's. */
export interface StoredChargeSucceeded {
  ok: true;
  reference: string;
}

export type StoredChargeResult = StoredChargeSucceeded | ChargeDeclined;

export interface PaymentProvider {
  /** The PAYMENT_PROVIDER name, kept beside each reference so a later provider change can tell them apart. */
  readonly name: string;
  /**
   * Charges the card once per idempotency key. A decline is an answer, not an error; the promise
   * rejects only when the request itself is wrong (an amount that is not positive whole cents, a key
   * reused for a different charge) or the provider cannot be reached.
   */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Charges the card behind an earlier charge's reference, once per idempotency key; a decline is an answer. */
  chargeStored(request: StoredChargeRequest): Promise<StoredChargeResult>;
}
