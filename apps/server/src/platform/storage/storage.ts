import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
}

export interface ByteRange {
  start: number;
  end: number; // inclusive
}

export interface ReadOptions {
  /**
   * The size of the pieces the caller would like the stream in, a hint: the local storage reads that
   * much at a time (64 KiB when not given), S3 hands on what the network delivers.
   */
  pieceSize?: number;
}

/**
 * Where media lives: files under DATA_DIR/media by default, an S3-compatible store in production.
 * Keys are slash-separated, e.g. `photos/3f…c1.jpg`. Writes are atomic: readers never see half a file.
 */
export interface Storage {
  /** Streams `body` into `key`; never holds the whole object in memory. */
  put(key: string, body: Readable | Buffer, contentType?: string): Promise<StoredObject>;
  /** Moves (or uploads) a local file into `key`; the local file is gone afterwards. */
  putFile(key: string, localPath: string, contentType?: string): Promise<StoredObject>;
  stat(key: string): Promise<StoredObject | null>;
  read(key: string, range?: ByteRange, options?: ReadOptions): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** Every key held (unfinished writes left out): what the integrity sweep looks for unrecorded objects in. */
  keys?(): AsyncIterable<string>;
}

/**
 * Deletes keys one by one, logging rather than throwing a failure: clean-up after an outcome that is
 * already decided must not undo it. Empty entries are skipped.
 */
export async function deleteQuietly(
  storage: Pick<Storage, 'delete'>,
  keys: ReadonlyArray<string | null | undefined>,
  logger: { error(details: object, message: string): void },
): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    await storage
      .delete(key)
      .catch((error: unknown) => logger.error({ err: error, key }, 'could not delete media'));
  }
}

/**
 * Whether the object is no longer stored, asked after a read of it failed: a deletion that raced the
 * read. A store that cannot answer says nothing (false), and the read's error stands.
 */
export const isGone = (storage: Pick<Storage, 'stat'>, key: string): Promise<boolean> =>
  storage.stat(key).then(
    (found) => !found,
    () => false,
  );
