import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../platform/clock';
import { removeStaleEntries } from '../../../platform/temp-space';

/** Where uploads in flight and conversions keep their temporary files. */
export const videoTempDir = (dataDir: string) => path.join(dataDir, 'tmp');

/** A temporary file or folder untouched for this long is a crashed process's leftover. */
const TEMP_LEFTOVER_AGE_MS = 24 * 60 * 60 * 1000;

/** Removes leftovers of crashed processes from DATA_DIR/tmp (run on start, by API and worker processes). */
export async function removeTempLeftovers(
  dataDir: string,
  clock: Clock,
  logger: Pick<FastifyBaseLogger, 'error' | 'info'>,
) {
  const before = new Date(clock.now().getTime() - TEMP_LEFTOVER_AGE_MS);
  const removed = await removeStaleEntries(videoTempDir(dataDir), before).catch((error: unknown) => {
    logger.error({ err: error }, 'could not clean the temporary folder');
    return [];
  });
  if (removed.length) logger.info({ removed }, 'removed temporary leftovers older than a day');
  await removePlainUploads(dataDir, logger);
}

/**
 * Resumable uploads used to be kept unencrypted in DATA_DIR/uploads. They are now parts in the media
 * storage, encrypted; an upload an older version was taking cannot be resumed (its client starts it
 * again), and its plaintext bytes would stay there for ever: they go at the first start.
 */
async function removePlainUploads(dataDir: string, logger: Pick<FastifyBaseLogger, 'error' | 'info'>) {
  const folder = path.join(dataDir, 'uploads');
  const names = await fsp.readdir(folder).catch(() => null);
  if (names === null) return;
  await fsp
    .rm(folder, { recursive: true, force: true })
    .then(() =>
      logger.info({ folder, files: names.length }, 'removed unencrypted uploads of an older version'),
    )
    .catch((error: unknown) =>
      logger.error({ err: error, folder }, 'could not remove old unencrypted uploads'),
    );
}
