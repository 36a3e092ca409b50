import { longDateIn, notificationKinds, PAYMENT_SUCCESS_MESSAGE } from '@pw/contracts';
import type { NotifyInput } from '../notifications';
import { fromCents } from '../plans';

/**
 * Every text the payments module sends (docs/product.md §10.2): in the app, and by e-mail where `email` is
 * set. No card number ever: a card is named by its brand and last four, as on a receipt.
 */

/** Who holds a subscription or made a payment, as the notices name and link them. */
export interface Holder {
  id: number;
  type: string;
  name: string;
  email: string;
}

export interface PlanTerm {
  subscriptionId: number;
  planId: number;
  title: string;
  expiresAt: Date | null;
}

const money = (cents: number) => `$${fromCents(cents)}`;
/** "26 November 2027" (UTC), as every date is written (docs/product.md §12). */
const day = (date: Date) => longDateIn(date, 'UTC');
const card = (brand: string, last4: string) =>
  `${brand === 'unknown' ? 'card' : `${brand[0]!.toUpperCase()}${brand.slice(1)} card`} ending ${last4}`;

/** Where the holder manages plans: the subscription logs of a user, the subscription setting of a funeral home. */
const plansPage = (holder: Pick<Holder, 'type'>) =>
  holder.type === 'funeral-home' ? '/funeral/subscription-setting' : '/user/subscription-logs';

const termData = (holder: Holder, term: PlanTerm) => ({
  subscription_id: term.subscriptionId,
  plan_id: term.planId,
  expiry_date: term.expiresAt?.toISOString() ?? null,
  link: plansPage(holder),
});

export const paymentNotices = {
  /** To the payer, for a payment they made. */
  paymentMade(
    holder: Holder,
    payment: { id: number; amountCents: number; brand: string; last4: string; what: string },
  ): NotifyInput {
    return {
      kind: notificationKinds.paymentMade,
      title: PAYMENT_SUCCESS_MESSAGE,
      body: `We received your payment of ${money(payment.amountCents)} for ${payment.what}, charged to your ${card(payment.brand, payment.last4)}.`,
      data: { payment_id: payment.id, link: plansPage(holder) },
      email: true,
    };
  },

  /** To the payer, when the plan renewed itself. */
  renewed(
    holder: Holder,
    term: PlanTerm,
    payment: { id: number; amountCents: number; brand: string; last4: string },
  ) {
    const until = term.expiresAt ? ` It now runs until ${day(term.expiresAt)}.` : '';
    return {
      kind: notificationKinds.paymentMade,
      title: 'Your plan was renewed',
      body: `Your ${term.title} was renewed: ${money(payment.amountCents)} was charged to your ${card(payment.brand, payment.last4)}.${until}`,
      data: { ...termData(holder, term), payment_id: payment.id },
      email: true,
    } satisfies NotifyInput;
  },

  /** To every admin, in the app: someone bought something. */
  newPurchase(holder: Holder, payment: { id: number; amountCents: number; what: string }): NotifyInput {
    const who = holder.type === 'funeral-home' ? 'The funeral home' : 'The user';
    return {
      kind: notificationKinds.newPurchase,
      title: 'New purchase',
      body: `${who} ${holder.name} (${holder.email}) bought ${payment.what} for ${money(payment.amountCents)}.`,
      data: { payment_id: payment.id, account_id: holder.id, link: '/admin/payment-logs' },
    };
  },

  /** To the holder, 7 days before the end: a renewal to come, or an end. */
  expiring(holder: Holder, term: PlanTerm & { autoRenew: boolean; priceCents: number | null }): NotifyInput {
    const when = day(term.expiresAt!);
    const renews = term.autoRenew && term.priceCents !== null;
    return {
      kind: notificationKinds.subscriptionExpiring,
      title: renews ? 'Your plan renews soon' : 'Your plan expires soon',
      body: renews
        ? `Your ${term.title} renews on ${when}: ${money(term.priceCents!)} will be charged to the card you paid with. Cancel it before then if you do not want it renewed.`
        : `Your ${term.title} expires on ${when}. Renew it to keep its benefits.`,
      data: termData(holder, term),
      email: true,
    };
  },

  /** To the holder, at the end of a plan that was not renewed (cancelled, or not renewing). */
  expired(holder: Holder, term: PlanTerm): NotifyInput {
    return {
      kind: notificationKinds.subscriptionExpired,
      title: 'Your plan has expired',
      body: `Your ${term.title} expired on ${day(term.expiresAt!)}. Buy a plan again to keep its benefits.`,
      data: termData(holder, term),
      email: true,
    };
  },

  /** To the holder, when the renewal charge was refused or the plan is no longer offered. */
  renewalFailed(holder: Holder, term: PlanTerm, reason: string): NotifyInput {
    return {
      kind: notificationKinds.subscriptionRenewalFailed,
      title: 'Your plan could not be renewed',
      body: `We could not renew your ${term.title}: ${reason} It expired on ${day(term.expiresAt!)}. Buy it again to keep its benefits.`,
      data: { ...termData(holder, term), reason },
      email: true,
    };
  },
};

/** Why a plan was not renewed when its plan is no longer on offer. */
export const PLAN_WITHDRAWN_REASON = 'This plan is no longer offered.';
