import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { createQueriesRepo } from './queries.repo';
import { createQueriesService } from './queries.service';
import { registerQueriesRoutes } from './queries.routes';
import { readOnlyView } from '../../platform/db/read-only';
import { queries } from './queries.schema';

/** The contact-us messages as other modules read and join them: read-only, named as the query needs (decision 0310). */
export const queriesView = <TAlias extends string>(alias: TAlias) => readOnlyView(queries, alias);

/**
 * Contact-us messages and the administrator's queries screens (spec 001). The model module of
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
