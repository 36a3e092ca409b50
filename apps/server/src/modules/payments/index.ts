import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import type { PlansApi } from '../plans';
import type { VideoPayments } from '../videos';
import { createPaymentsRepo } from './payments.repo';
import { createPaymentHistoryRepo } from './payments.history.repo';
import { createPaymentHistory } from './payments.history';
import { createSubscriptionLog } from './subscriptions.log';
import { createPaymentsService } from './payments.service';
import { registerPaymentsRoutes } from './payments.routes';
import { createVideoPayments } from './payments.video';

export interface PaymentsNeeds {
  plans: PlansApi;
}

/** What other modules get of payments: the extra video length a payment buys (handed to videos). */
export interface PaymentsApi {
  videoPayments: VideoPayments;
}

/**
 * Payments and subscriptions (issue 11, second slice): plans and extra video time paid through the
 * platform's payment provider, each request charging once; a plan's payment starts its subscription.
 */
export function createPaymentsModule(platform: Platform, needs: PaymentsNeeds): AppModule<PaymentsApi> {
  const repo = createPaymentsRepo(platform.db);
  const service = createPaymentsService({
    db: platform.db,
    repo,
    clock: platform.clock,
    provider: platform.payments,
    plans: needs.plans,
  });
  const history = createPaymentHistory(createPaymentHistoryRepo(platform.db), platform.clock);
  return {
    name: 'payments',
    routes: (router) =>
      registerPaymentsRoutes(
        router,
        service,
        history,
        createSubscriptionLog(platform.db, platform.clock),
        platform.config.PUBLIC_URL,
      ),
    api: { videoPayments: createVideoPayments(repo, platform.clock) },
  };
}
