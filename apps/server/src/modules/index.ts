import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../platform/deps';
import { registerAccountRoutes } from './accounts/accounts.routes';
import { registerNotificationRoutes } from './notifications/notifications.routes';
import { registerDeliveryRoutes } from './delivery/delivery.routes';
import { registerMediaRoutes } from './media/media.routes';
import { registerVideoRoutes } from './videos/videos.routes';
import { registerQueryRoutes } from './queries/queries.routes';

/**
 * Every feature registers its routes here, under /api. Each module is a function
 * `(api, deps) => void` in `modules/<feature>/<feature>.routes.ts`.
 */
export async function registerModules(api: FastifyInstance, deps: AppDeps): Promise<void> {
  await registerAccountRoutes(api, deps);
  registerNotificationRoutes(api, deps);
  registerDeliveryRoutes(api, deps);
  await registerVideoRoutes(api, deps);
  await registerMediaRoutes(api, deps);
  registerQueryRoutes(api, deps);
}
