import type { Clock } from '../../../platform/clock';
import type { Db, DbTx } from '../../../platform/db';
import type { PaymentProvider } from '../../../platform/payments/provider';
import type { Notifications } from '../../notifications';
import type { OfferedPlan, PlansApi } from '../../plans';
import type { PlanDuration } from '@pw/contracts';
import { PAYMENT_CURRENCY } from '../payments.service';
import type { PaymentsRepo } from '../payments.repo';
import { paymentNotices, PLAN_WITHDRAWN_REASON, type PlanTerm } from '../payments.notices';
import type { SubscriptionsRepo, SubscriptionView } from './subscriptions.repo';
import { subscriptionExpiry } from '../subscription-terms';

export interface ExpiryDeps {
  db: Db;
  repo: SubscriptionsRepo;
  payments: PaymentsRepo;
  provider: PaymentProvider;
  plans: PlansApi;
  notifications: Pick<Notifications, 'notify'>;
  clock: Clock;
}

const BATCH = 100;

/** The renewal's idempotency key: one per subscription period (each period is its own row). */
export const renewalKey = (subscriptionId: number) => `renewal:${subscriptionId}`;

const termOf = (view: SubscriptionView): PlanTerm => ({
  subscriptionId: view.id,
  planId: view.planId,
  title: view.title,
  expiresAt: view.expiresAt,
});

/**
 * The subscriptions' daily duty (docs/product.md §7.4), by the platform clock: warn 7 days before an end,
 * and at the end renew (charging the stored card once per period) or expire, telling the holder.
 * Each subscription is settled in its own transaction under its account's payment lock, with guarded
 * updates: two runs at once, or a run after a crash, tell each notice once and charge once.
 */
export function createExpiryRun(deps: ExpiryDeps) {
  const { db, repo, payments, provider, plans, notifications, clock } = deps;

  async function warn(id: number, now: Date) {
    // The price is read before the transaction (the plans module reads outside it).
    const before = await repo.forRenewal(id);
    const plan = before?.subscription.autoRenew
      ? await plans.findActivePlan(before.subscription.planId)
      : null;
    await db.transaction(async (tx) => {
      const view = await repo.takeWarning(id, now, tx);
      if (!view) return;
      const holder = await repo.holder(view.accountId, tx);
      const notice = paymentNotices.expiring(holder, {
        ...termOf(view),
        autoRenew: view.autoRenew,
        priceCents: plan?.priceCents ?? null,
      });
      await notifications.notify(view.accountId, notice, tx);
    });
  }

  /** The next term starts where the last ended; a run so late that a whole term went by starts it now. */
  function nextTerm(duration: PlanDuration, lastEnd: Date, now: Date) {
    const startsAt = (subscriptionExpiry(duration, lastEnd) ?? now) > now ? lastEnd : now;
    return { startsAt, expiresAt: subscriptionExpiry(duration, startsAt) };
  }

  async function renew(
    view: SubscriptionView,
    found: { reference: string; brand: string; last4: string },
    plan: OfferedPlan | null,
    now: Date,
    tx: DbTx,
  ) {
    const holder = await repo.holder(view.accountId, tx);
    if (!plan) {
      await repo.markExpired(view.id, tx);
      await notifications.notify(
        view.accountId,
        paymentNotices.renewalFailed(holder, termOf(view), PLAN_WITHDRAWN_REASON),
        tx,
      );
      return 'failed' as const;
    }
    const key = renewalKey(view.id);
    const result = await provider.chargeStored({
      reference: found.reference,
      amountCents: plan.priceCents,
      currency: PAYMENT_CURRENCY,
      idempotencyKey: `account:${view.accountId}:${key}`,
      description: `${plan.title} (renewal)`,
    });
    await repo.markExpired(view.id, tx);
    if (!result.ok) {
      await notifications.notify(
        view.accountId,
        paymentNotices.renewalFailed(holder, termOf(view), result.message),
        tx,
      );
      return 'failed' as const;
    }
    const payment = await payments.insertPayment(
      {
        accountId: view.accountId,
        planId: plan.id,
        amountCents: plan.priceCents,
        currency: PAYMENT_CURRENCY,
        provider: provider.name,
        providerReference: result.reference,
        brand: found.brand,
        last4: found.last4,
        status: 'succeeded',
        idempotencyKey: key,
        purpose: `renewal:${plan.id}`,
        createdAt: now,
      },
      tx,
    );
    const term = nextTerm(plan.duration, view.expiresAt!, now);
    const next = await payments.insertSubscription(
      {
        accountId: view.accountId,
        planId: plan.id,
        paymentId: payment.id,
        kind: view.kind,
        ...term,
        autoRenew: plan.duration !== 'life-time',
        status: 'active',
      },
      tx,
    );
    const notice = paymentNotices.renewed(
      holder,
      { subscriptionId: next.id, planId: plan.id, title: plan.title, expiresAt: next.expiresAt },
      payment,
    );
    await notifications.notify(view.accountId, notice, tx);
    return 'renewed' as const;
  }

  async function end(id: number, now: Date): Promise<'renewed' | 'failed' | 'expired' | 'skipped'> {
    const before = await repo.forRenewal(id);
    if (!before) return 'skipped';
    const { accountId, planId } = before.subscription;
    // The plan and its current price, read before the transaction (see warn).
    const plan = await plans.findActivePlan(planId);
    return db.transaction(async (tx) => {
      await payments.lockAccount(accountId, tx);
      // Read again under the lock: another run, a cancel or a new purchase may have settled it.
      const found = (await repo.forRenewal(id, tx))!;
      const view = found.subscription;
      if (view.status === 'expired' || !view.expiresAt || view.expiresAt > now) return 'skipped';
      if (view.status === 'active' && view.autoRenew) return renew(view, found, plan, now, tx);
      await repo.markExpired(id, tx);
      const holder = await repo.holder(accountId, tx);
      await notifications.notify(accountId, paymentNotices.expired(holder, termOf(view)), tx);
      return 'expired';
    });
  }

  /** One run: every warning due, then every end due, in batches. Answers what it did (for the log). */
  return async function expireSubscriptions() {
    const now = clock.now();
    const counts = { warned: 0, renewed: 0, failed: 0, expired: 0 };
    for (let ids = await repo.dueWarnings(now, BATCH); ids.length; ids = await repo.dueWarnings(now, BATCH)) {
      for (const id of ids) await warn(id, now);
      counts.warned += ids.length;
      if (ids.length < BATCH) break;
    }
    for (let ids = await repo.dueEnds(now, BATCH); ids.length; ids = await repo.dueEnds(now, BATCH)) {
      for (const id of ids) {
        const outcome = await end(id, now);
        if (outcome !== 'skipped') counts[outcome] += 1;
      }
      if (ids.length < BATCH) break;
    }
    return counts;
  };
}

export type ExpireSubscriptions = ReturnType<typeof createExpiryRun>;
