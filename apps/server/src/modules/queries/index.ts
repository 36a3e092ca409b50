import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { createQueriesRepo } from './queries.repo';
import { createQueriesService } from './queries.service';
import { registerQueriesRoutes } from './queries.routes';
import { readOnlyView } from '../../platform/db/read-only';
import { queries } from './queries.schema';

/** Its tables as other modules read and join them: read-only views (decision 0310). */
export const queriesView = readOnlyView(queries, 'queries');

/**
 * Contact-us messages and the administrator's queries screens (docs/product.md §9.5). The model module of
 * docs/architecture.md: repository → service → routes, built here once from what the root hands in.
 */
export function createQueriesModule(platform: Platform): AppModule {
  const service = createQueriesService({
    repo: createQueriesRepo(platform.db),
    clock: platform.clock,
    events: platform.events,
    rateLimiter: platform.rateLimiter,
  });
  return {
    name: 'queries',
    routes: (router) => registerQueriesRoutes(router, service, platform.config.PUBLIC_URL),
    api: undefined,
  };
}
