import pRetry from 'p-retry';
import { FOLDER_OCCUPIED_MESSAGE } from '@pw/contracts';
import type { Db, DbTx } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { newAccessCode, newSearchCode } from './codes';
import type { NewVideoRow, VideoRow, VideosRepo } from './videos.repo';

function uniqueViolation(error: unknown): string | null {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return null;
}

/** The final folder's unique index is the last word on "one video there": its violation is the same 409. */
export function mapConflicts(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint !== null && constraint.includes('one_final')) throw conflict(FOLDER_OCCUPIED_MESSAGE);
  throw error;
}

/** Creating a video row (an upload or a merge), with what must commit with it. */
export function createVideoInserter(db: Db, repo: VideosRepo) {
  /** Inserts a video with fresh codes, retrying the (very unlikely) search-code collision. */
  return async function insertVideo(
    build: (tx: DbTx, video: VideoRow) => Promise<void>,
    values: Omit<NewVideoRow, 'searchCode' | 'accessCode'>,
  ) {
    const codeCollision = (error: unknown) => /code/.test(uniqueViolation(error) ?? '');
    return pRetry(
      () =>
        db.transaction(async (tx) => {
          const video = await repo.insert(
            {
              ...values,
              searchCode: newSearchCode(),
              accessCode: values.folder === 'final' ? newAccessCode() : null,
            },
            tx,
          );
          await build(tx, video);
          return video;
        }),
      { retries: 2, minTimeout: 0, shouldRetry: ({ error }) => codeCollision(error) },
    ).catch(mapConflicts);
  };
}

export type InsertVideo = ReturnType<typeof createVideoInserter>;
