import type { ActivePlan, ActiveSubscription } from '@pw/contracts';
import type { Clock } from '../../../platform/clock';
import type { Db, DbOrTx } from '../../../platform/db';
import { invalid, notFound } from '../../../platform/errors';
import { fromCents } from '../../plans';
import type { PaymentsRepo } from '../payments.repo';
import type { SubscriptionsRepo, SubscriptionView } from './subscriptions.repo';
import type { AccountType } from '../../accounts';

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found.';
export const SUBSCRIPTION_EXPIRED = 'This subscription has already expired.';
export const LIFE_TIME_NOT_CANCELLABLE = 'A life-time plan never renews: there is nothing to cancel.';

/** The kinds a plan gate asks about (docs/product.md §7.5: a funeral home's plan; a user's membership). */
export type HeldKind = 'membership' | 'ad-free' | 'funeral-home';

export function toActiveSubscription(view: SubscriptionView): ActiveSubscription {
  return {
    id: view.id,
    plan_id: view.planId,
    title: view.title,
    duration: view.duration,
    price: fromCents(view.amountCents),
    starts_at: view.startsAt.toISOString(),
    expiry_date: view.expiresAt?.toISOString() ?? null,
    auto_renew: view.autoRenew,
    status: view.status === 'cancelled' ? 'cancelled' : 'active',
  };
}

export interface SubscriptionsServiceDeps {
  db: Db;
  repo: SubscriptionsRepo;
  payments: Pick<PaymentsRepo, 'lockAccount'>;
  clock: Clock;
}

/** What a holder does with running plans, and what other modules ask of them (docs/product.md §7.4). */
export function createSubscriptionsService({ db, repo, payments, clock }: SubscriptionsServiceDeps) {
  const runningOf = async (accountId: number, kind: HeldKind, tx: DbOrTx = db) =>
    (await repo.running(accountId, [kind], clock.now(), tx))[0] ?? null;

  return {
    /**
     * Ends the auto-renewal; the plan runs until its expiry. Under the account's payment lock, so a
     * renewal being charged at that moment either happened before (the old term is then expired) or
     * finds it cancelled. Another account's subscription is not found; cancelling twice answers the same.
     */
    async cancel(accountId: number, id: number): Promise<ActiveSubscription> {
      return db.transaction(async (tx) => {
        await payments.lockAccount(accountId, tx);
        const found = await repo.findOwned(id, accountId, tx);
        if (!found) throw notFound(SUBSCRIPTION_NOT_FOUND);
        const now = clock.now();
        if (found.status === 'expired' || (found.expiresAt && found.expiresAt <= now))
          throw invalid('id', SUBSCRIPTION_EXPIRED);
        if (found.expiresAt === null) throw invalid('id', LIFE_TIME_NOT_CANCELLABLE);
        if (found.status === 'active') await repo.cancel(id, now, tx);
        return toActiveSubscription((await repo.findOwned(id, accountId, tx))!);
      });
    },

    /**
     * Turns a cancelled plan's auto-renewal back on before it ends (docs/product.md §7.4): at its end it is
     * charged again on the card that paid for it. Under the account's payment lock, like cancel, so the
     * expiry job either ended it first (then 422) or finds it renewing. Sent twice, answers the same.
     */
    async resume(accountId: number, id: number): Promise<ActiveSubscription> {
      return db.transaction(async (tx) => {
        await payments.lockAccount(accountId, tx);
        const found = await repo.findOwned(id, accountId, tx);
        if (!found) throw notFound(SUBSCRIPTION_NOT_FOUND);
        if (found.status === 'expired' || (found.expiresAt && found.expiresAt <= clock.now()))
          throw invalid('id', SUBSCRIPTION_EXPIRED);
        if (found.expiresAt === null) throw invalid('id', LIFE_TIME_NOT_CANCELLABLE);
        if (found.status === 'cancelled') await repo.resume(id, tx);
        return toActiveSubscription((await repo.findOwned(id, accountId, tx))!);
      });
    },

    /** The account's running plans as `active_plan` shows them: null for admins. */
    async activePlans(accountId: number, type: AccountType): Promise<ActivePlan> {
      if (type === 'admin') return null;
      const homeKind: HeldKind = type === 'funeral-home' ? 'funeral-home' : 'membership';
      const [home, adFree] = await Promise.all([
        runningOf(accountId, homeKind),
        type === 'user' ? runningOf(accountId, 'ad-free') : null,
      ]);
      return {
        home_plan: home ? toActiveSubscription(home) : null,
        ad_free: adFree ? toActiveSubscription(adFree) : null,
      };
    },

    /** Whether the account holds a running plan of the kind now (in `tx` when inside one). */
    async hasRunningPlan(accountId: number, kind: HeldKind, tx?: DbOrTx): Promise<boolean> {
      // The one-column set query, not the joined view: asked on every banner slot call (decision 0259).
      return (await repo.holdersAmong([accountId], kind, clock.now(), tx)).length > 0;
    },

    /** Those of these accounts holding a running plan of the kind (set-based: a directory asks once). */
    async accountsWithRunningPlan(kind: HeldKind, accountIds: number[], tx?: DbOrTx): Promise<Set<number>> {
      return new Set(await repo.holdersAmong(accountIds, kind, clock.now(), tx));
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
