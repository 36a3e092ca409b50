import type { AppDeps } from './platform/deps';

/**
 * Starts the job workers (ROLE=worker or all) and returns how to stop them.
 * Feature job handlers are registered here as they arrive (transcoding, delivery, expiry).
 */
export async function startWorkers(deps: AppDeps): Promise<() => Promise<void>> {
  deps.logger.info('workers: no job queues registered yet');
  return async () => {};
}
