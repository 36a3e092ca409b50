import { Readable } from 'node:stream';
import { MEDIA_MESSAGES } from '@pw/contracts';
import { AppError } from '../../platform/errors';
import { isIntegrityFailure } from '../../platform/storage/integrity';

/**
 * A stored object's bytes, opened so that a damaged one is said plainly (decision 0340): the first
 * piece is read before anything is answered, so a refused tag there (a changed header or first chunk)
 * becomes a 410 with the damaged-file text instead of a 500 after the headers went out. Damage found
 * further on can only cut the answer short; either way `damaged` marks the object at once, so the
 * player's next request (and the video's `damaged`) already says it.
 */
export async function openChecked(
  open: () => Promise<Readable>,
  damaged: () => Promise<void>,
): Promise<Readable> {
  let source: AsyncIterator<unknown>;
  let first: IteratorResult<unknown>;
  try {
    source = (await open())[Symbol.asyncIterator]();
    first = await source.next();
  } catch (error) {
    throw await refused(error, damaged);
  }
  async function* rest() {
    try {
      if (first.done) return;
      yield first.value;
      for (;;) {
        let next: IteratorResult<unknown>;
        try {
          next = await source.next();
        } catch (error) {
          if (isIntegrityFailure(error)) await damaged();
          throw error;
        }
        if (next.done) return;
        yield next.value;
      }
    } finally {
      // A reader gone early (a player seeking elsewhere) closes the stored object too.
      await source.return?.();
    }
  }
  return Readable.from(rest(), { objectMode: false });
}

/** A damage marked and answered 410; any other failure as it was. */
export async function refused(error: unknown, damaged: () => Promise<void>): Promise<unknown> {
  if (!isIntegrityFailure(error)) return error;
  await damaged();
  return new AppError(410, MEDIA_MESSAGES.damaged);
}
