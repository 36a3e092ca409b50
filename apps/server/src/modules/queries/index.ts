import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import type { AppDeps } from '../app-deps';
import { registerQueryRoutes } from './queries.routes';

/** Contact-us messages and the administrator's queries screens (spec 001). */
export function createQueriesModule(_platform: Platform, deps: () => AppDeps): AppModule {
  return {
    name: 'queries',
    routes: (_router, app) => registerQueryRoutes(app, deps()),
    api: undefined,
  };
}
