import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { createDashboardRepo } from './dashboard.repo';
import { createDashboardService } from './dashboard.service';
import { registerDashboardRoutes } from './dashboard.routes';

/** The chart statements as the app sends them (JIT off), which the dashboard bench plans on its own. */
export { createDashboardRepo, revenueQuery, signUpsQuery, withoutJit, type DayRange } from './dashboard.repo';

/**
 * The admin's dashboard (docs/product.md §9.1): counts and charts read from the other modules' tables
 * (read-only joins), and its own rollup of payments
 * (docs/operations.md §Funeral homes, banner ads and the dashboard). Offers nothing to other modules.
 */
export function createDashboardModule(platform: Platform): AppModule {
  const service = createDashboardService({
    repo: createDashboardRepo(platform.db),
    clock: platform.clock,
    damagedMedia: () => platform.objects.damagedCount(),
  });
  return {
    name: 'dashboard',
    routes: (router) => registerDashboardRoutes(router, service),
    api: undefined,
  };
}
