import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { createMediaService } from './media.service';
import { registerMediaRoutes } from './media.routes';

/** Signed media URLs: the files behind every video and thumbnail (profile photos: modules/accounts). */
export function createMediaModule(platform: Platform): AppModule {
  const service = createMediaService({
    storage: platform.storage,
    clock: platform.clock,
    secret: platform.secret,
  });
  return {
    name: 'media',
    routes: (_router, app) => registerMediaRoutes(app, service),
    api: undefined,
  };
}
