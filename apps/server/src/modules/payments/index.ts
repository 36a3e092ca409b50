import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import type { PlansApi } from '../plans';
import type { VideoPayments } from '../videos';
import { createPaymentsRepo } from './payments.repo';
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
  return {
    name: 'payments',
    routes: (router) => registerPaymentsRoutes(router, service),
    api: { videoPayments: createVideoPayments(repo, platform.clock) },
  };
}
