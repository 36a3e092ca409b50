/**
 * An in-process composition on the cluster's database, bucket and SMTP server (as an API process would
 * be, without HTTP): what the checks use to set up rows in bulk or at an exact instant. It runs no worker.
 */
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../apps/server/src/platform/config';
import { compose } from '../../apps/server/src/composition';
import type { Cluster } from './cluster';

type Deps = Awaited<ReturnType<typeof compose>>['deps'];

export async function withComposition<T>(
  cluster: Cluster,
  label: string,
  work: (deps: Deps) => Promise<T>,
): Promise<T> {
  const config = loadConfig({
    ...cluster.apis[0]!.env,
    ROLE: 'api',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(cluster.root, label),
  } as Record<string, string>);
  const { deps } = await compose(config, pino({ level: 'silent' }));
  try {
    return await work(deps);
  } finally {
    await deps.queue.stop({ graceful: false, wait: true });
    deps.mailer.close();
    await deps.database.close();
  }
}
