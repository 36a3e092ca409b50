import { randomUUID } from 'node:crypto';
import {
  BANNER_AD_REQUIRED_MESSAGE,
  BANNER_MESSAGES,
  PAYMENT_SUCCESS_MESSAGE,
  type PaymentCardFields,
  type PaymentReceipt,
  type PlanKind,
} from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import type { Db, DbTx } from '../../platform/db';
import { AppError, conflict, invalid, notFound } from '../../platform/errors';
import type { DeclineCode, PaymentProvider } from '../../platform/payments/provider';
import { fromCents, type OfferedPlan, type PlansApi } from '../plans';
import type { Notifications } from '../notifications';
import type { BannerPayments } from '../banner-ads';
import type { PaymentRow, PaymentsRepo } from './payments.repo';
import { paymentNotices, type Holder } from './payments.notices';
import { subscriptionExpiry } from './subscription-terms';
import type { AccountType } from '../accounts';

/** The card field a decline is about; any other reason is the card's (its number). */
const DECLINE_FIELDS: Partial<Record<DeclineCode, 'expiry_date' | 'cvv'>> = {
  expired_card: 'expiry_date',
  invalid_cvv: 'cvv',
};

export const PLAN_NOT_FOUND = 'Plan not found.';
export const PAYMENT_CURRENCY = 'USD';
/** Two identical purchases by one account this close together are one double click (decision 0160). */
export const DOUBLE_CLICK_WINDOW_MS = 10_000;
const MAX_KEY_LENGTH = 255;

/** The kinds of plan each role buys here without a banner ad request (banner plans need one). */
const kindsFor: Record<'user' | 'funeral-home', readonly PlanKind[]> = {
  user: ['membership', 'ad-free'],
  'funeral-home': ['funeral-home'],
};

const toReceipt = (row: PaymentRow): PaymentReceipt => ({
  id: row.id,
  payment_id: String(row.id),
  amount: fromCents(row.amountCents),
  currency: row.currency,
  brand: row.brand,
  last4: row.last4,
  created_at: row.createdAt.toISOString(),
  message: PAYMENT_SUCCESS_MESSAGE,
});

export interface PaymentsServiceDeps {
  db: Db;
  repo: PaymentsRepo;
  clock: Clock;
  provider: PaymentProvider;
  plans: PlansApi;
  notifications: Pick<Notifications, 'notifyMany'>;
  /** The approved banner ad request a banner plan is paid for (docs/product.md §8.5). */
  bannerPayments: BannerPayments;
  /** The payer as the notices name them (read in the payment's transaction). */
  holderOf(accountId: number, tx: DbTx): Promise<Holder>;
}

/** What one purchase is: its text (for double clicks), its price and what the row records. */
interface Purchase {
  purpose: string;
  amountCents: number;
  description: string;
  planId?: number;
  extraSeconds?: number;
  /**
   * Run in the payment's transaction before anything is charged: throws when it cannot be bought, and
   * may name the purchase more exactly (the receipt's text).
   */
  beforeCharge?: (tx: DbTx) => Promise<{ description: string }>;
  /** Run in the payment's transaction once the row exists (a plan starts its subscription). */
  afterPayment?: (payment: PaymentRow, tx: DbTx) => Promise<void>;
}

/**
 * Charging (docs/product.md §7.3): one payment per purchase however often the request arrives, the card's number
 * and CVV going to the provider only, and what was bought starting in the transaction that records it.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, repo, clock, provider, plans } = deps;

  /** The payer's receipt (in the app and by e-mail) and the admins' "new purchase", with the payment. */
  async function tell(payment: PaymentRow, what: string, tx: DbTx) {
    // A payment just made names its payer; only a deleted account's payments have none
    // (docs/product.md §11.6).
    const payer = payment.accountId;
    if (payer === null) return;
    const holder = await deps.holderOf(payer, tx);
    await deps.notifications.notifyMany(
      [
        { target: payer, input: paymentNotices.paymentMade(holder, { ...payment, what }) },
        { target: { role: 'admin' }, input: paymentNotices.newPurchase(holder, { ...payment, what }) },
      ],
      tx,
    );
  }

  function checkedKey(header: string | undefined): string | undefined {
    if (header === undefined) return undefined;
    const key = header.trim();
    if (key === '' || key.length > MAX_KEY_LENGTH)
      throw invalid('Idempotency-Key', `The Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters.`);
    return `key:${key}`;
  }

  async function pay(
    accountId: number,
    card: PaymentCardFields,
    purchase: Purchase,
    idempotencyKey: string | undefined,
  ): Promise<PaymentReceipt> {
    const headerKey = checkedKey(idempotencyKey);
    const row = await db.transaction(async (tx) => {
      await repo.lockAccount(accountId, tx);
      const now = clock.now();
      if (headerKey) {
        const earlier = await repo.findByKey(accountId, headerKey, tx);
        if (earlier && earlier.purpose !== purchase.purpose)
          throw conflict('This Idempotency-Key was already used for another payment.');
        if (earlier) return earlier;
      } else {
        const since = new Date(now.getTime() - DOUBLE_CLICK_WINDOW_MS);
        const earlier = await repo.findRecent(accountId, purchase.purpose, since, tx);
        if (earlier) return earlier;
      }
      const description = (await purchase.beforeCharge?.(tx))?.description ?? purchase.description;
      const key = headerKey ?? `auto:${randomUUID()}`;
      const result = await provider.charge({
        amountCents: purchase.amountCents,
        currency: PAYMENT_CURRENCY,
        card: {
          holderName: card.card_holder_name,
          number: card.card_no,
          expiry: card.expiry_date,
          cvv: card.cvv,
        },
        idempotencyKey: `account:${accountId}:${key}`,
        description,
      });
      // A decline charged nothing: nothing is stored, and the payer reads why.
      // Named under the field the person has to change: an expired card's expiry, a refused CVV.
      if (!result.ok)
        throw new AppError(422, result.message, {
          [DECLINE_FIELDS[result.code] ?? 'card_no']: [result.message],
        });
      const payment = await repo.insertPayment(
        {
          accountId,
          planId: purchase.planId ?? null,
          extraSeconds: purchase.extraSeconds ?? null,
          amountCents: purchase.amountCents,
          currency: PAYMENT_CURRENCY,
          provider: provider.name,
          providerReference: result.reference,
          brand: result.brand,
          last4: result.last4,
          status: 'succeeded',
          idempotencyKey: key,
          purpose: purchase.purpose,
          createdAt: now,
        },
        tx,
      );
      await purchase.afterPayment?.(payment, tx);
      await tell(payment, description, tx);
      return payment;
    });
    return toReceipt(row);
  }

  /**
   * A banner plan for one approved request of the payer (docs/product.md §8.5): the request is checked and
   * held before the charge, and put live in the transaction that records the payment, so a crash between
   * the two leaves neither (nothing committed), and a paid ad is always a live one.
   */
  async function payForBanner(
    accountId: number,
    plan: OfferedPlan,
    adId: number,
    card: PaymentCardFields,
    idempotencyKey: string | undefined,
  ) {
    return pay(
      accountId,
      card,
      {
        purpose: `plan:${plan.id}:banner:${adId}`,
        amountCents: plan.priceCents,
        description: plan.title,
        planId: plan.id,
        async beforeCharge(tx) {
          const ad = await deps.bannerPayments.payable(accountId, adId, tx);
          return { description: `${plan.title} for ${ad.brandName}` };
        },
        async afterPayment(payment, tx) {
          const startsAt = payment.createdAt;
          await deps.bannerPayments.goLive(
            adId,
            {
              planId: plan.id,
              paymentId: payment.id,
              startsAt,
              endsAt: subscriptionExpiry(plan.duration, startsAt),
            },
            tx,
          );
        },
      },
      idempotencyKey,
    );
  }

  return {
    /** Pays for a plan of the role's kinds and starts it, ending the current one of that kind. */
    async payForPlan(
      account: { id: number; type: AccountType },
      planId: number,
      card: PaymentCardFields & { banner_ad_id?: number },
      idempotencyKey?: string,
    ) {
      const plan = await plans.findActivePlan(planId);
      if (!plan) throw notFound(PLAN_NOT_FOUND);
      if (plan.kind === 'banner-ad') {
        if (card.banner_ad_id === undefined) throw invalid('banner_ad_id', BANNER_AD_REQUIRED_MESSAGE);
        return payForBanner(account.id, plan, card.banner_ad_id, card, idempotencyKey);
      }
      if (card.banner_ad_id !== undefined) throw invalid('banner_ad_id', BANNER_MESSAGES.notBannerPlan);
      const role = account.type === 'funeral-home' ? 'funeral-home' : 'user';
      if (!kindsFor[role].includes(plan.kind))
        throw invalid('id', `This plan cannot be bought by a ${role === 'user' ? 'user' : 'funeral home'}.`);
      return pay(
        account.id,
        card,
        {
          purpose: `plan:${plan.id}`,
          amountCents: plan.priceCents,
          description: plan.title,
          planId: plan.id,
          async afterPayment(payment, tx) {
            const startsAt = payment.createdAt;
            await repo.expireCurrent(account.id, plan.kind, startsAt, tx);
            await repo.insertSubscription(
              {
                accountId: account.id,
                planId: plan.id,
                paymentId: payment.id,
                kind: plan.kind,
                startsAt,
                expiresAt: subscriptionExpiry(plan.duration, startsAt),
                // A life-time plan has nothing to renew.
                autoRenew: plan.duration !== 'life-time',
                status: 'active',
              },
              tx,
            );
          },
        },
        idempotencyKey,
      );
    },

    /** Buys whole minutes of extra video length at the rate in force. */
    async payForExtraTime(
      accountId: number,
      body: PaymentCardFields & { duration: number },
      idempotencyKey?: string,
    ) {
      const rate = await plans.currentRateCents();
      if (rate === null) throw invalid('duration', 'Extra time is not on sale yet.');
      const minutes = body.duration / 60;
      return pay(
        accountId,
        body,
        {
          purpose: `seconds:${body.duration}`,
          amountCents: rate * minutes,
          description: `${minutes} extra minute${minutes === 1 ? '' : 's'} of video`,
          extraSeconds: body.duration,
        },
        idempotencyKey,
      );
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
