import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import { defineQueue, defineScheduledQueue, idPayload } from '../../platform/jobs';
import { deleteQuietly, type Storage } from '../../platform/storage/storage';
import type { CaptionsRepo } from './captions.repo';

/**
 * The captions sweep: a caption file whose track is gone (its video deleted by its owner, by a merge that
 * moved it, or with its account: the row goes by cascade) is removed from storage. One run every ten
 * minutes however many workers are up.
 */
export const captionsSweepQueue = defineScheduledQueue({
  name: 'captions.sweep',
  schedule: { everySeconds: 10 * 60 },
  retry: { limit: 3, delaySeconds: 60 },
  expireInSeconds: 30 * 60,
});

/** How long a written caption file may wait for its row (a save between its two steps) before it counts as left over. */
export const CAPTION_WRITE_GRACE_MS = 10 * 60 * 1000;
const BATCH = 500;

export function createCaptionsSweep(deps: {
  repo: CaptionsRepo;
  storage: Storage;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'error' | 'info'>;
}) {
  return async function sweep(): Promise<number> {
    const before = new Date(deps.clock.now().getTime() - CAPTION_WRITE_GRACE_MS);
    let removed = 0;
    for (;;) {
      const keys = await deps.repo.orphanKeys(before, BATCH);
      // Deleting forgets the object's record first, so each batch finds the next ones.
      await deleteQuietly(deps.storage, keys, deps.logger);
      removed += keys.length;
      if (keys.length < BATCH) break;
    }
    if (removed) deps.logger.info({ removed }, 'removed caption files of deleted tracks');
    return removed;
  };
}

/**
 * Automatic captions of one video (docs/product.md §4.7): sent in the transaction that makes its media
 * ready. `stately` with the video's key keeps one queued and one running job per video. One job at a time
 * per worker process, the recognizer on one thread. Passing trouble (storage, database) is retried; the
 * last attempt's failure is shown to the owner. A long video with a real model takes a while: six hours
 * before pg-boss gives up on a run.
 */
export const captionsRecognizeQueue = defineQueue({
  name: 'captions.recognize',
  payload: idPayload('videoId'),
  policy: 'stately',
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 6 * 60 * 60,
});
