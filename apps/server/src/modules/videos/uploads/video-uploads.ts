import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DataStore } from '@tus/utils';
import type { Storage } from '../../../platform/storage/storage';
import { StoredPartsDataStore } from './stored-upload-parts';
import { PENDING_UPLOAD_BYTES_MAX, PENDING_UPLOAD_MESSAGES, PENDING_UPLOADS_MAX } from '@pw/contracts';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db';
import type { VideosRepo } from '../videos.repo';

/** An unfinished resumable upload is kept for a day, then swept (docs/decisions/0034). */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
const UPLOAD_ID = /^[a-f0-9]{32}$/;

export interface UploadProgress {
  offset: number;
  size: number | null;
  /** The client's file name from the tus `Upload-Metadata` (`filename`), if it sent one. */
  filename: string | null;
}

/**
 * Where resumable uploads are kept while they come in, and how a finished one is handed to the store
 * call: in the media storage (createStoredUploadStore), so that with STORAGE=s3 any API process can take
 * any request of any upload, and with STORAGE=local the parts are encrypted like every stored object.
 */
export interface UploadStore {
  store: DataStore;
  isUploadId(id: string): boolean;
  progress(id: string): Promise<UploadProgress | null>;
  /**
   * A local file holding a finished upload's bytes, for probing and storing. `release` removes it if it
   * is a copy and is still there (storing it moves it away).
   */
  localFile(id: string): Promise<{ path: string; release(): Promise<void> }>;
  /** Gives a finished upload its bytes back after a refused store call moved them away. */
  putBack(id: string, content: Readable): Promise<void>;
  /** Removes what is left of an upload. */
  remove(id: string): Promise<void>;
}

async function progressOf(store: DataStore, id: string): Promise<UploadProgress | null> {
  if (!UPLOAD_ID.test(id)) return null;
  try {
    const upload = await store.getUpload(id);
    return { offset: upload.offset, size: upload.size ?? null, filename: upload.metadata?.filename ?? null };
  } catch {
    return null;
  }
}

/**
 * Resumable uploads in the media storage, whichever it is: parts stored through the encrypting storage
 * like every other object (in the bucket with STORAGE=s3, under DATA_DIR/media/uploads otherwise), their
 * list in the database (stored-upload-parts.ts). Nothing of an upload in progress is plaintext at rest.
 * A finished upload is decrypted into a folder of its own (0700) to be probed and stored, and removed.
 */
export function createStoredUploadStore(storage: Storage, repo: VideosRepo, tmpDir: string): UploadStore {
  const store = new StoredPartsDataStore(storage, repo);
  return {
    store,
    isUploadId: (id: string) => UPLOAD_ID.test(id),
    progress: (id: string) => progressOf(store, id),
    async localFile(id: string) {
      if (!UPLOAD_ID.test(id)) throw new Error(`Invalid upload id: ${id}`);
      await fsp.mkdir(tmpDir, { recursive: true, mode: 0o700 });
      const folder = await fsp.mkdtemp(path.join(tmpDir, `upload-${id}-`));
      const release = () => fsp.rm(folder, { recursive: true, force: true });
      const target = path.join(folder, 'upload');
      try {
        await pipeline(await store.read(id), fs.createWriteStream(target, { mode: 0o600 }));
      } catch (error) {
        await release();
        throw error;
      }
      return { path: target, release };
    },
    // The parts were only copied, never moved: they are still there.
    async putBack(_id: string, content: Readable) {
      content.destroy();
    },
    async remove(id: string) {
      if (UPLOAD_ID.test(id)) await store.remove(id);
    },
  };
}

/** Deletes unfinished uploads older than a day (and rows of uploads whose files are gone). */
export async function sweepExpiredUploads(
  { repo, clock }: { repo: VideosRepo; clock: Clock },
  uploads: UploadStore,
) {
  const stale = await repo.uploadsCreatedBefore(new Date(clock.now().getTime() - UPLOAD_EXPIRY_MS));
  for (const row of stale) await uploads.remove(row.id);
  await repo.deleteUploads(stale.map((row) => row.id));
  return stale.length;
}

/** Why a new resumable upload is refused: one account holds too many unfinished ones, or too many bytes. */
export class PendingUploadLimitError extends Error {
  readonly status = 413;
}

/**
 * Records a new resumable upload for its creator, unless it would take them past the cap on unfinished
 * uploads (decision 0034): at most PENDING_UPLOADS_MAX of them, declaring at most
 * PENDING_UPLOAD_BYTES_MAX together (an upload that defers its length counts as the largest one).
 * The count lives in the database, not in the file store, so it holds however many processes serve
 * uploads and wherever their bytes are kept; expired ones no longer count, swept or not.
 */
export async function reserveUpload(
  deps: { db: Db; repo: VideosRepo; clock: Clock; maxBytes: number },
  upload: { id: string; ownerId: number; declaredBytes: number | null },
): Promise<void> {
  const { db, repo, clock, maxBytes } = deps;
  const now = clock.now();
  await db.transaction(async (tx) => {
    await repo.lockUploadsOf(upload.ownerId, tx);
    const since = new Date(now.getTime() - UPLOAD_EXPIRY_MS);
    const pending = await repo.unfinishedUploadsOf(upload.ownerId, since, maxBytes, tx);
    if (pending.count >= PENDING_UPLOADS_MAX)
      throw new PendingUploadLimitError(PENDING_UPLOAD_MESSAGES.tooMany);
    if (pending.bytes + (upload.declaredBytes ?? maxBytes) > PENDING_UPLOAD_BYTES_MAX)
      throw new PendingUploadLimitError(PENDING_UPLOAD_MESSAGES.tooLarge);
    await repo.insertUpload({ ...upload, createdAt: now }, tx);
  });
}
