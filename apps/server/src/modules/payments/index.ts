import type { AppModule } from '../../platform/module';
import type { DbTx } from '../../platform/db';
import type { Platform } from '../../platform/platform';
import type { Notifications } from '../notifications';
import type { BannerPayments } from '../banner-ads';
import type { PlansApi } from '../plans';
import type { VideoPayments } from '../videos';
import { createPaymentsRepo } from './payments.repo';
import { createPaymentHistoryRepo } from './payments.history.repo';
import { createPaymentHistory } from './payments.history';
import { createPaymentsService } from './payments.service';
import { registerPaymentsRoutes } from './payments.routes';
import { createVideoPayments } from './payments.video';
import {
  createExpiryRun,
  createSubscriptionLog,
  createSubscriptionsRepo,
  createSubscriptionsService,
  expireSubscriptionsQueue,
  registerSubscriptionRoutes,
  type ExpireSubscriptions,
  type SubscriptionsService,
} from './subscriptions';
import { handle } from '../../platform/jobs';
import { readOnlyView } from '../../platform/db/read-only';
import { payments, subscriptions } from './payments.schema';

/** Its tables as other modules read and join them: read-only views (decision 0310). */
export const paymentsView = readOnlyView(payments, 'payments');
export const subscriptionsView = readOnlyView(subscriptions, 'subscriptions');

export type { HeldKind } from './subscriptions';
/** The subscriptions' duty's queue (hourly): the cluster test sends it a run instead of waiting for the hour. */
export { expireSubscriptionsQueue } from './subscriptions';
/** Whether a subscription runs at `now` (not expired, no end or an end after it), on the table or `subscriptionsView`. */
export { subscriptionRunningAt } from './payments.schema';

export interface PaymentsNeeds {
  plans: PlansApi;
  /** Receipts, the admins' "new purchase" and the plan notices (in the app and by e-mail). */
  notifications: Pick<Notifications, 'notify' | 'notifyMany'>;
  /** A banner plan is paid for an approved banner ad request, which the payment puts live. */
  bannerPayments: BannerPayments;
}

/** What other modules get of payments (docs/product.md §7.4). */
export interface PaymentsApi {
  /** The extra video length a payment buys (handed to videos). */
  videoPayments: VideoPayments;
  /** The account's running plans as `active_plan` shows them (handed to accounts). */
  activePlans: SubscriptionsService['activePlans'];
  /** Whether an account holds a running plan of a kind: the membership gate, docs/product.md §8.1's funeral-home gate. */
  hasRunningPlan: SubscriptionsService['hasRunningPlan'];
  /** Which of some accounts hold a running plan of a kind, in one query (docs/product.md §8.1's funeral-home list). */
  accountsWithRunningPlan: SubscriptionsService['accountsWithRunningPlan'];
  /** One run of the subscriptions' daily job (its worker's work; tests call it with a moved clock). */
  expireSubscriptions: ExpireSubscriptions;
  /** Strips the card's last digits from the account's payments, in its deletion's transaction. */
  anonymisePaymentsOf(accountId: number, tx: DbTx): Promise<number>;
}

/**
 * Payments and subscriptions (docs/product.md §7): plans and extra video time paid through the platform's
 * payment provider, each request charging once; a plan's payment starts its subscription, which is
 * cancelled by its holder and warned of, renewed or expired by the daily job.
 */
export function createPaymentsModule(platform: Platform, needs: PaymentsNeeds): AppModule<PaymentsApi> {
  const repo = createPaymentsRepo(platform.db);
  const subscriptionsRepo = createSubscriptionsRepo(platform.db);
  const service = createPaymentsService({
    db: platform.db,
    repo,
    clock: platform.clock,
    provider: platform.payments,
    plans: needs.plans,
    notifications: needs.notifications,
    bannerPayments: needs.bannerPayments,
    holderOf: (accountId, tx) => subscriptionsRepo.holder(accountId, tx),
  });
  const subscriptions = createSubscriptionsService({
    db: platform.db,
    repo: subscriptionsRepo,
    payments: repo,
    clock: platform.clock,
  });
  const expireSubscriptions = createExpiryRun({
    db: platform.db,
    repo: subscriptionsRepo,
    payments: repo,
    provider: platform.payments,
    plans: needs.plans,
    notifications: needs.notifications,
    clock: platform.clock,
  });
  const history = createPaymentHistory(createPaymentHistoryRepo(platform.db), platform.clock, repo);
  return {
    name: 'payments',
    routes: (router) => {
      registerPaymentsRoutes(
        router,
        service,
        history,
        createSubscriptionLog(platform.db, platform.clock),
        platform.config.PUBLIC_URL,
      );
      registerSubscriptionRoutes(router, subscriptions);
    },
    queues: [expireSubscriptionsQueue],
    handlers: [
      handle(expireSubscriptionsQueue, async () => {
        platform.logger.info(await expireSubscriptions(), 'subscriptions settled');
      }),
    ],
    api: {
      videoPayments: createVideoPayments(repo, platform.clock),
      activePlans: subscriptions.activePlans,
      hasRunningPlan: subscriptions.hasRunningPlan,
      accountsWithRunningPlan: subscriptions.accountsWithRunningPlan,
      expireSubscriptions,
      anonymisePaymentsOf: (accountId, tx) => repo.anonymiseOf(accountId, tx),
    },
  };
}
