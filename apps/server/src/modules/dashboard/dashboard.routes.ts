import { dashboardRoutes } from '@pw/contracts';
import type { Router } from '../../platform/http/route';
import { ok } from '../../platform/http/envelope';
import type { DashboardService } from './dashboard.service';

/** The dashboard's calls, as declared in @pw/contracts (`dashboardRoutes`): each handler only calls the service. */
export function registerDashboardRoutes(router: Router, service: DashboardService) {
  router.route(dashboardRoutes.counts, async () => ok(await service.counts()));
  router.route(dashboardRoutes.subscription, async ({ query }) => ok(await service.subscription(query)));
  router.route(dashboardRoutes.userChart, async ({ query }) => ok(await service.userChart(query)));
}
