import { paymentRoutes, subscriptionLogRoutesByKind } from '@pw/contracts';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../platform/http/route';
import { ok, paginated } from '../../platform/http/envelope';
import type { PaymentHistory } from './payments.history';
import type { SubscriptionLog } from './subscriptions';
import { accountOf } from '../accounts';
import type { PaymentsService } from './payments.service';

/** The Idempotency-Key header (a retry's promise of the same purchase), when sent once. */
const idempotencyKeyOf = (request: FastifyRequest) => {
  const header = request.headers['idempotency-key'];
  return Array.isArray(header) ? header[0] : header;
};

/** The payments calls, as declared in @pw/contracts (`paymentRoutes`): each handler only calls the service. */
export function registerPaymentsRoutes(
  router: Router,
  service: PaymentsService,
  history: PaymentHistory,
  subscriptionLog: SubscriptionLog,
  publicUrl: string,
) {
  const planPayment = async ({
    params,
    body,
    request,
  }: {
    params: { id: number };
    body: Parameters<PaymentsService['payForPlan']>[2];
    request: FastifyRequest;
  }) => {
    const receipt = await service.payForPlan(accountOf(request), params.id, body, idempotencyKeyOf(request));
    return { message: receipt.message, data: receipt };
  };
  router.route(paymentRoutes.userPlanPayment, planPayment);
  router.route(paymentRoutes.funeralHomePlanPayment, planPayment);

  router.route(paymentRoutes.extraTimePayment, async ({ body, request }) => {
    const receipt = await service.payForExtraTime(accountOf(request).id, body, idempotencyKeyOf(request));
    return { message: receipt.message, data: receipt };
  });

  router.route(paymentRoutes.unusedExtraTime, async ({ request }) =>
    ok(await history.unusedExtraTime(accountOf(request).id)),
  );

  const ownHistory = async ({
    query,
    request,
  }: {
    query: Parameters<PaymentHistory['ofAccount']>[1];
    request: FastifyRequest;
  }) => {
    const { items, total } = await history.ofAccount(accountOf(request).id, query);
    const url = new URL(request.url, publicUrl);
    return paginated(items, total, { page: query.page, perPage: query.per_page }, url);
  };
  router.route(paymentRoutes.userHistory, ownHistory);
  router.route(paymentRoutes.funeralHomeHistory, ownHistory);

  router.route(paymentRoutes.adminLog, async ({ query, request }) => {
    const { items, total } = await history.all(query);
    const url = new URL(request.url, publicUrl);
    return paginated(items, total, { page: query.page, perPage: query.per_page }, url);
  });

  router.route(paymentRoutes.adminCategories, async () => ok(history.categories()));

  for (const [kind, route] of Object.entries(subscriptionLogRoutesByKind))
    router.route(route, async ({ query, request }) => {
      const { items, total } = await subscriptionLog(kind, query);
      const url = new URL(request.url, publicUrl);
      return paginated(items, total, { page: query.page, perPage: query.per_page }, url);
    });
}
