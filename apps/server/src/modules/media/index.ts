import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { createMediaService } from './media.service';
import { createMediaRepo } from './media.repo';
import { registerMediaRoutes } from './media.routes';

/**
 * Signed media URLs: the files behind every video and thumbnail (profile photos: modules/accounts). A
 * deactivated owner's videos answer 404 whatever their URLs' signatures (it reads the videos table).
 */
export function createMediaModule(platform: Platform): AppModule {
  const service = createMediaService({
    storage: platform.storage,
    repo: createMediaRepo(platform.db),
    clock: platform.clock,
    secret: platform.secret,
  });
  return {
    name: 'media',
    routes: (_router, app) => registerMediaRoutes(app, service),
    api: undefined,
  };
}
