/**
 * The recorder's copy on the device (docs/product.md §4.5): every piece MediaRecorder hands over is written
 * to IndexedDB as it is made, under the recording's id, beside a record of when it started, its type and
 * how long it is so far. The copy stays until the server holds the video made from it (the store call
 * answered) or the person discards it; a closed tab, a crash or a sign-out leaves it for the recorder to
 * offer back.
 */
export interface RecordingMeta {
  id: string;
  /** Whose recording it is: the recorder offers it back to the same account only. */
  accountId: string | null;
  /** ISO time the recording started. */
  startedAt: string;
  /** The MediaRecorder's type without its codecs ('video/webm'). */
  mimeType: string;
  /** The file name it is saved under ('recording-2026-11-22T14-02-00.webm'): the edit list knows it by it. */
  name: string;
  /** Seconds recorded up to the last piece kept, pauses excluded. */
  seconds: number;
  /** Pieces and bytes kept so far. */
  chunks: number;
  bytes: number;
  /** The tus upload it is sent through while it is made, resumed from there when it is offered back. */
  uploadUrl?: string | null;
}

export interface RecordingStore {
  /** Starts a recording's record (no pieces yet). */
  begin(meta: Omit<RecordingMeta, 'seconds' | 'chunks' | 'bytes'>): Promise<void>;
  /** Keeps the next piece and the length recorded so far, both in one transaction. */
  append(id: string, chunk: Blob, seconds: number): Promise<void>;
  /** Notes the upload the recording goes through (null: none); nothing when its record is gone. */
  setUpload(id: string, uploadUrl: string | null): Promise<void>;
  list(): Promise<RecordingMeta[]>;
  /** The recording as one file, its pieces in order; null when nothing of it is kept. */
  file(id: string): Promise<File | null>;
  remove(id: string): Promise<void>;
}

/** Says whether an error from the browser's storage is it being full. */
export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

const DB_NAME = 'parting-words-recordings';
const META = 'recordings';
const CHUNKS = 'chunks';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    // A full disk shows as the transaction's abort, its error the QuotaExceededError.
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

/**
 * The store over a given IndexedDB: the browser's; unit tests hand in fake-indexeddb's, with Node's File,
 * whose pieces IndexedDB can clone (jsdom's it cannot).
 */
export function indexedDbRecordingStore(
  factory: IDBFactory = indexedDB,
  keyRange: typeof IDBKeyRange = IDBKeyRange,
  FileType: typeof File = File,
): RecordingStore {
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = factory.open(DB_NAME, 1);
      open.onupgradeneeded = () => {
        open.result.createObjectStore(META, { keyPath: 'id' });
        // Pieces under [id, sequence]: one recording's are a key range, read back in order.
        open.result.createObjectStore(CHUNKS);
      };
      open.onsuccess = () => {
        open.result.onclose = () => (opened = null);
        resolve(open.result);
      };
      open.onerror = () => {
        opened = null;
        reject(open.error ?? new Error('IndexedDB did not open'));
      };
    });
    return opened;
  };
  const piecesOf = (id: string) => keyRange.bound([id], [id, []]);

  return {
    async begin(meta) {
      const tx = (await db()).transaction(META, 'readwrite');
      tx.objectStore(META).put({ ...meta, seconds: 0, chunks: 0, bytes: 0 } satisfies RecordingMeta);
      await done(tx);
    },
    async append(id, chunk, seconds) {
      const tx = (await db()).transaction([META, CHUNKS], 'readwrite');
      const metas = tx.objectStore(META);
      const finished = done(tx);
      const meta = await request<RecordingMeta | undefined>(metas.get(id));
      if (!meta) {
        tx.abort();
        await finished.catch(() => undefined);
        throw new Error(`No recording ${id} to add to`);
      }
      tx.objectStore(CHUNKS).put(chunk, [id, meta.chunks]);
      metas.put({ ...meta, seconds, chunks: meta.chunks + 1, bytes: meta.bytes + chunk.size });
      await finished;
    },
    async setUpload(id, uploadUrl) {
      const tx = (await db()).transaction(META, 'readwrite');
      const metas = tx.objectStore(META);
      const finished = done(tx);
      const meta = await request<RecordingMeta | undefined>(metas.get(id));
      if (meta) metas.put({ ...meta, uploadUrl });
      await finished;
    },
    async list() {
      const tx = (await db()).transaction(META, 'readonly');
      return request<RecordingMeta[]>(tx.objectStore(META).getAll());
    },
    async file(id) {
      const tx = (await db()).transaction([META, CHUNKS], 'readonly');
      const meta = await request<RecordingMeta | undefined>(tx.objectStore(META).get(id));
      const pieces = await request<Blob[]>(tx.objectStore(CHUNKS).getAll(piecesOf(id)));
      if (!meta || pieces.length === 0) return null;
      return new FileType(pieces, meta.name, { type: meta.mimeType });
    },
    async remove(id) {
      const tx = (await db()).transaction([META, CHUNKS], 'readwrite');
      // Pieces and record go in one transaction: never a record without its pieces, or the reverse.
      tx.objectStore(CHUNKS).delete(piecesOf(id));
      tx.objectStore(META).delete(id);
      await done(tx);
    },
  };
}

/** Holds nothing: where IndexedDB is missing, writing refuses so the recorder can say it keeps no copy. */
export function unavailableRecordingStore(): RecordingStore {
  const refuse = () => Promise.reject(new Error('This browser keeps no storage for the recorder.'));
  return {
    begin: refuse,
    append: refuse,
    setUpload: async () => undefined,
    list: async () => [],
    file: async () => null,
    remove: async () => undefined,
  };
}

let shared: RecordingStore | null = null;

/** The one store of this page, shared by the recorder and the upload screen. */
export function recordings(): RecordingStore {
  shared ??= typeof indexedDB === 'undefined' ? unavailableRecordingStore() : indexedDbRecordingStore();
  return shared;
}
