import type { FastifyInstance } from 'fastify';
import type { Composition } from '../src/composition';

/** How long a job still running at a test's end may take before its database closes anyway. */
const JOB_END_WAIT_MS = 60_000;

/**
 * Ends a test's app in the order a real stop would: no new requests, then the job queue stopped
 * gracefully (a job still running finishes first: pg-boss records its end without waiting, so a job
 * ending after its database closed fails with an unhandled rejection in whatever test file the
 * process runs next), then the mailer, then the database.
 */
export async function closeTestApp(
  app: FastifyInstance,
  composition: Composition,
  closeDatabase: () => Promise<void>,
): Promise<void> {
  await app.close();
  await composition.deps.queue.stop({ graceful: true, wait: true, timeout: JOB_END_WAIT_MS });
  composition.deps.mailer.close();
  await closeDatabase();
}
