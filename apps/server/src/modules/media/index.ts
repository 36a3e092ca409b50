import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import type { AppDeps } from '../app-deps';
import { registerMediaRoutes } from './media.routes';

/** Signed media URLs: the files behind every video, thumbnail and photo. */
export function createMediaModule(_platform: Platform, deps: () => AppDeps): AppModule {
  return {
    name: 'media',
    routes: (_router, app) => registerMediaRoutes(app, deps()),
    api: undefined,
  };
}
