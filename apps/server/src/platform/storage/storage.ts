import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
}

export interface ByteRange {
  start: number;
  end: number; // inclusive
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
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
}
