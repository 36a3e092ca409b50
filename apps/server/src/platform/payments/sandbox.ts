import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import {
  cardBrand,
  cardDigits,
  hasExpired,
  isValidCvv,
  lastFour,
  parseCardExpiry,
  passesLuhn,
  type CardBrand,
} from './card';
import {
  decline,
  IdempotencyKeyReusedError,
  type ChargeRequest,
  type ChargeResult,
  type DeclineCode,
  type PaymentProvider,
  type StoredChargeRequest,
  type StoredChargeResult,
} from './provider';

/**
 * The embedded payment provider (PAYMENT_PROVIDER=sandbox, the default; decision 0155). No money
 * moves: it judges the card as a real provider would and follows the usual test cards, so the
 * payment pages, the e2e suite and a demo can show every answer. Any other number with a valid
 * checksum, an expiry not past and a 3-digit CVV succeeds.
 */

/** The test cards that do not succeed, by the reason they give (the common providers' numbers). */
export const SANDBOX_DECLINING_CARDS: Readonly<Record<string, DeclineCode>> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'invalid_cvv',
};

/**
 * The card that is accepted now and refused later (Stripe's "attaches, but charges fail"): its first
 * charge succeeds, every stored charge against its reference is declined (decision 0155).
 */
export const SANDBOX_FAILS_LATER_CARD = '4000000000000341';

/**
 * What a reference says about its card, so stored charges need no memory and survive a restart:
 * `sbx_ch_` a card that can be charged again, `sbx_cf_` one whose later charges fail.
 */
const CHARGEABLE_PREFIX = 'sbx_ch_';
const FAILS_LATER_PREFIX = 'sbx_cf_';

/** One charge the sandbox made (or refused): what it keeps, which is never the number or the CVV. */
export interface SandboxCharge {
  idempotencyKey: string;
  amountCents: number;
  currency: string;
  description: string;
  brand: CardBrand;
  last4: string;
  outcome: 'succeeded' | DeclineCode;
  reference?: string;
  /** For a stored charge: the reference it charged again (its card's brand and last four are unknown here). */
  storedReference?: string;
  at: Date;
}

export interface SandboxPaymentProvider extends PaymentProvider {
  /** Every charge made, oldest first, for tests and a demo. */
  charges(): readonly SandboxCharge[];
}

/** Providers keep an idempotency key about a day (Stripe: 24 hours); a retry comes within seconds. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

const BAD_EXPIRY_MESSAGE = "Your card's expiry date is not valid.";

interface Remembered<Result> {
  /** What the key was first used for: a reuse for another charge is refused. */
  fingerprint: string;
  result: Result;
  at: number;
}

/** 144 random bits: a reference names a charge and nobody can guess another one's. */
const newReference = (prefix = CHARGEABLE_PREFIX) => `${prefix}${randomBytes(18).toString('base64url')}`;

function checkRequest(request: Pick<ChargeRequest, 'amountCents' | 'currency' | 'idempotencyKey'>): string {
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0)
    throw new RangeError(`amountCents must be a positive whole number, not ${request.amountCents}`);
  const currency = request.currency.toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency))
    throw new RangeError(`currency must be an ISO 4217 code, not ${request.currency}`);
  if (request.idempotencyKey.trim() === '') throw new RangeError('idempotencyKey is required');
  return currency;
}

/** The card's answer, in the order a provider checks: the number, the date, the code, the account. */
function judge(digits: string, expiry: string, cvv: string, now: Date): ChargeResult {
  if (!passesLuhn(digits)) return decline('invalid_card');
  const parsedExpiry = parseCardExpiry(expiry);
  if (!parsedExpiry) return decline('invalid_card', BAD_EXPIRY_MESSAGE);
  if (hasExpired(parsedExpiry, now)) return decline('expired_card');
  if (!isValidCvv(cvv)) return decline('invalid_cvv');
  const testDecline = SANDBOX_DECLINING_CARDS[digits];
  if (testDecline) return decline(testDecline);
  const prefix = digits === SANDBOX_FAILS_LATER_CARD ? FAILS_LATER_PREFIX : CHARGEABLE_PREFIX;
  return { ok: true, reference: newReference(prefix), brand: cardBrand(digits), last4: lastFour(digits) };
}

/** A stored charge's answer: the reference's card charged again (keeping its kind), or declined. */
function judgeStored(reference: string): StoredChargeResult {
  if (reference.startsWith(CHARGEABLE_PREFIX)) return { ok: true, reference: newReference() };
  return decline('declined');
}

export function createSandboxPaymentProvider(clock: Clock): SandboxPaymentProvider {
  const ledger: SandboxCharge[] = [];
  const byKey = new Map<string, Remembered<ChargeResult | StoredChargeResult>>();

  // A Map iterates in insertion order, which is time order: stop at the first key still in its window.
  function forgetOldKeys(now: number) {
    for (const [key, remembered] of byKey) {
      if (now - remembered.at < IDEMPOTENCY_WINDOW_MS) break;
      byKey.delete(key);
    }
  }

  function chargeOnce(request: ChargeRequest, currency: string, digits: string): ChargeResult {
    const now = clock.now();
    const result = judge(digits, request.card.expiry, request.card.cvv, now);
    ledger.push({
      idempotencyKey: request.idempotencyKey,
      amountCents: request.amountCents,
      currency,
      description: request.description,
      brand: cardBrand(digits),
      last4: lastFour(digits),
      outcome: result.ok ? 'succeeded' : result.code,
      reference: result.ok ? result.reference : undefined,
      at: now,
    });
    return result;
  }

  /** The first answer per key, remembered before anything is awaited (a concurrent retry shares it). */
  function once<Result extends ChargeResult | StoredChargeResult>(
    key: string,
    fingerprint: string,
    make: () => Result,
  ): Result {
    const now = clock.now().getTime();
    forgetOldKeys(now);
    const remembered = byKey.get(key);
    if (remembered) {
      if (remembered.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError(key);
      return remembered.result as Result;
    }
    const result = make();
    byKey.set(key, { fingerprint, result, at: now });
    return result;
  }

  function chargeStoredOnce(request: StoredChargeRequest, currency: string): StoredChargeResult {
    const result = judgeStored(request.reference);
    ledger.push({
      idempotencyKey: request.idempotencyKey,
      amountCents: request.amountCents,
      currency,
      description: request.description,
      brand: 'unknown',
      last4: '',
      outcome: result.ok ? 'succeeded' : result.code,
      reference: result.ok ? result.reference : undefined,
      storedReference: request.reference,
      at: clock.now(),
    });
    return result;
  }

  return {
    name: 'sandbox',
    charges: () => ledger.map((charge) => ({ ...charge })),
    // Nothing is awaited before the key is remembered, so a concurrent retry finds it and shares the answer.
    async charge(request) {
      const currency = checkRequest(request);
      const digits = cardDigits(request.card.number);
      const fingerprint = `${request.amountCents}:${currency}:${lastFour(digits)}`;
      return once(request.idempotencyKey, fingerprint, () => chargeOnce(request, currency, digits));
    },
    async chargeStored(request) {
      const currency = checkRequest(request);
      const fingerprint = `${request.amountCents}:${currency}:${request.reference}`;
      return once(request.idempotencyKey, fingerprint, () => chargeStoredOnce(request, currency));
    },
  };
}
