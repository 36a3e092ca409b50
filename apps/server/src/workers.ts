import type { AppDeps } from './platform/deps';
import { startVideoWorker } from './modules/videos/videos.jobs';

/**
 * Starts the job workers (ROLE=worker or all) and returns how to stop them.
 * Feature job handlers are registered here as they arrive (transcoding, delivery, expiry).
 */
export async function startWorkers(deps: AppDeps): Promise<() => Promise<void>> {
  const stops = [await startVideoWorker(deps)];
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
