import type { FastifyInstance } from 'fastify';
import type { Router } from './http/route';
import type { QueueDefinition, QueueWorker } from './queues';

/**
 * The one shape of a module (docs/architecture.md). `modules/<m>/index.ts` exports a factory
 * `create<M>Module(platform, needs)` answering this: the composition root registers the routes, creates
 * the queues, starts the workers (ROLE=worker|all) and switches the listeners on, once each. `api` is
 * the small service other modules may call; they get it from the root, never by importing internals.
 */
export interface AppModule<Api = undefined> {
  name: string;
  /** Registers the module's routes under /api (declared in @pw/contracts). */
  routes?(router: Router, app: FastifyInstance): void | Promise<void>;
  /** The queues the module owns (platform/queues.ts). */
  queues?: Array<QueueDefinition<unknown>>;
  /** Its job workers and sweepers. */
  workers?: QueueWorker[];
  /** Subscribes its event listeners (platform/events); called once. */
  listen?(): void;
  api: Api;
}
