import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { createPlansRepo } from './plans.repo';
import { createPlansService } from './plans.service';
import { registerPlansRoutes } from './plans.routes';

/**
 * Plans (issue 11, first slice): the four kinds of plan and the per-minute rate, managed by admins and
 * offered (active ones only) to users and funeral homes. Payments and subscriptions come later.
 */
export function createPlansModule(platform: Platform): AppModule {
  const service = createPlansService({ repo: createPlansRepo(platform.db), clock: platform.clock });
  return {
    name: 'plans',
    routes: (router) => registerPlansRoutes(router, service, platform.config.PUBLIC_URL),
    api: undefined,
  };
}
