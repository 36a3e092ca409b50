import { adminPlanRoutesByKind, planKinds, planRoutes, PLAN_MESSAGES } from '@pw/contracts';
import type { Router } from '../../platform/http/route';
import { ok, paginated } from '../../platform/http/envelope';
import type { PlansService } from './plans.service';

/** The plans calls, as declared in @pw/contracts (`planRoutes`): each handler only calls the service. */
export function registerPlansRoutes(router: Router, service: PlansService, publicUrl: string) {
  router.route(planRoutes.userHomePlans, async () => ok(await service.userHomeCategories()));
  router.route(planRoutes.userPlans, async () => ok(await service.userOffer()));
  router.route(planRoutes.funeralHomePlans, async () => ok(await service.activePlans('funeral-home')));
  router.route(planRoutes.userBannerAdPlans, async () => ok(await service.activePlans('banner-ad')));
  router.route(planRoutes.funeralHomeBannerAdPlans, async () => ok(await service.activePlans('banner-ad')));

  // The five admin calls of each kind are alike but for the kind (their paths differ, docs/product.md §13.2).
  for (const kind of planKinds) {
    const calls = adminPlanRoutesByKind[kind];
    router.route(calls.list, async ({ query, request }) => {
      const { items, total } = await service.list(kind, query);
      const url = new URL(request.url, publicUrl);
      return paginated(items, total, { page: query.page, perPage: query.per_page }, url);
    });
    router.route(calls.detail, async ({ params }) => ok(await service.detail(kind, params.id)));
    router.route(calls.create, async ({ body }) =>
      ok(await service.create(kind, body), PLAN_MESSAGES.created),
    );
    router.route(calls.update, async ({ params, body }) =>
      ok(await service.update(kind, params.id, body), PLAN_MESSAGES.updated),
    );
    router.route(calls.status, async ({ params, body }) => {
      const plan = await service.setStatus(kind, params.id, body.status);
      return ok(plan, plan.status === 1 ? PLAN_MESSAGES.activated : PLAN_MESSAGES.deactivated);
    });
  }

  router.route(planRoutes.oneTimeRate, async ({ query, request }) => {
    const { current, items, total } = await service.rates(query);
    const url = new URL(request.url, publicUrl);
    return { ...paginated(items, total, { page: query.page, perPage: query.per_page }, url), current };
  });
  router.route(planRoutes.oneTimeRateCreate, async ({ body }) => ({
    message: PLAN_MESSAGES.rateUpdated,
    data: await service.setRate(body.rate),
  }));
}
