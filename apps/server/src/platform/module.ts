import type { FastifyInstance } from 'fastify';
import type { Router } from './http/route';
import type { JobHandler, JobsOwner, QueueDefinition } from './jobs';
import type { MailTemplate } from './mail/define';

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
  /** The queues the module owns (`defineQueue`, platform/jobs), created at start in every process. */
  queues?: Array<QueueDefinition<unknown>>;
  /** One handler for each of them, bound to its services (`handle`), run by worker processes. */
  handlers?: JobHandler[];
  /** What its handlers need opened before their first job and closed after their last one. */
  worker?: JobsOwner['worker'];
  /** The e-mails it sends (`defineMail` in `<m>.mails.ts`, bound with `bindMails`), registered at start. */
  mails?: MailTemplate[];
  /** Subscribes its event listeners (platform/events); called once. */
  listen?(): void;
  api: Api;
}
