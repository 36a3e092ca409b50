import { STORAGE_KEYS } from '../storage-keys';
import { indexedDbFileStore, memoryFileStore, type FileStore } from './file-store';
import { videoTypeOf } from './video-types';

/**
 * The edit list of the upload screen (docs/product.md §13.3 'Edit/upload screen'): the clips a person is about to
 * upload, in order. The list lives in localStorage under `editVideos` (items hold id, name, url, plus
 * type and size); the files themselves live in a FileStore (IndexedDB) keyed by item id, because the
 * blob URL saved with an item no longer works after a reload. On load every URL is recreated.
 */
export interface EditVideo {
  id: string;
  name: string;
  url: string;
  type: string;
  size: number;
}

export interface AddResult {
  added: EditVideo[];
  /** Names already in the list: not added twice (docs/product.md §13.6). */
  duplicates: string[];
  /** Names of files that are not one of the accepted video types. */
  rejected: string[];
}

export interface EditListDeps {
  storage: Storage;
  files: FileStore;
  urls: { create(file: Blob): string; revoke(url: string): void };
  newId(): string;
}

type Listener = () => void;

function parseStored(raw: string | null): Array<Pick<EditVideo, 'id' | 'name'> & Partial<EditVideo>> {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (item): item is { id: string; name: string } =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as { id?: unknown }).id === 'string' &&
        typeof (item as { name?: unknown }).name === 'string',
    );
  } catch {
    return [];
  }
}

export class EditListStore {
  private items: EditVideo[] = [];
  private readonly blobs = new Map<string, File>();
  private readonly listeners = new Set<Listener>();
  private loading: Promise<void> | null = null;
  private loaded = false;
  /** What this store last wrote under editVideos (null: nothing stored). */
  private written: string | null = null;
  /** Operations run one after another so an add during a load or two quick removals cannot interleave. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: EditListDeps) {}

  /** For useSyncExternalStore: the same array until something changes. */
  readonly snapshot = (): readonly EditVideo[] => this.items;

  readonly isLoaded = (): boolean => this.loaded;

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The file behind an item, for upload. */
  file(id: string): File | undefined {
    return this.blobs.get(id);
  }

  /**
   * Reads the stored list; again only when the stored value changed behind the store's back (another
   * tab, or logout clearing localStorage). Items whose file is gone are dropped, orphan files deleted.
   */
  load(): Promise<void> {
    const raw = this.deps.storage.getItem(STORAGE_KEYS.editVideos);
    if (this.loading && raw === this.written) return this.loading;
    this.loading = this.run(async () => {
      const stored = parseStored(this.deps.storage.getItem(STORAGE_KEYS.editVideos));
      const previous = new Map(this.items.map((item) => [item.id, item]));
      const restored: EditVideo[] = [];
      for (const item of stored) {
        if (restored.some((other) => other.id === item.id || other.name === item.name)) continue;
        const known = previous.get(item.id);
        if (known && this.blobs.has(item.id)) {
          restored.push(known);
          previous.delete(item.id);
          continue;
        }
        let blob: Blob | undefined;
        try {
          blob = await this.deps.files.get(item.id);
        } catch {
          blob = undefined;
        }
        if (!blob) continue;
        const type = videoTypeOf({ name: item.name, type: blob.type || item.type || '' }) ?? blob.type;
        const file = blob instanceof File ? blob : new File([blob], item.name, { type });
        this.blobs.set(item.id, file);
        restored.push({
          id: item.id,
          name: item.name,
          type,
          size: file.size,
          url: this.deps.urls.create(file),
        });
      }
      previous.forEach((item) => this.forget(item));
      await this.pruneFiles(new Set(restored.map((item) => item.id)));
      this.items = restored;
      this.loaded = true;
      this.persist();
    });
    return this.loading;
  }

  /** Adds accepted video files in order; names already present (or repeated in `files`) are skipped. */
  add(files: readonly File[]): Promise<AddResult> {
    return this.load().then(() =>
      this.run(async () => {
        const result: AddResult = { added: [], duplicates: [], rejected: [] };
        const names = new Set(this.items.map((item) => item.name));
        for (const file of files) {
          const type = videoTypeOf(file);
          if (!type) {
            result.rejected.push(file.name);
            continue;
          }
          if (names.has(file.name)) {
            result.duplicates.push(file.name);
            continue;
          }
          names.add(file.name);
          const id = this.deps.newId();
          try {
            await this.deps.files.set(id, file);
          } catch {
            // Without IndexedDB (private windows of some browsers) the clip still works for this page;
            // it just won't survive a reload.
          }
          this.blobs.set(id, file);
          result.added.push({ id, name: file.name, type, size: file.size, url: this.deps.urls.create(file) });
        }
        if (result.added.length > 0) {
          this.items = [...this.items, ...result.added];
          this.persist();
        }
        return result;
      }),
    );
  }

  remove(id: string): Promise<void> {
    return this.load().then(() =>
      this.run(async () => {
        const item = this.items.find((candidate) => candidate.id === id);
        if (!item) return;
        this.items = this.items.filter((candidate) => candidate.id !== id);
        this.persist();
        this.forget(item);
        await this.deps.files.del(id).catch(() => undefined);
      }),
    );
  }

  /** Moves the item at `from` to position `to` (both clamped), keeping the others in order. */
  move(from: number, to: number): Promise<void> {
    return this.load().then(() =>
      this.run(async () => {
        const last = this.items.length - 1;
        const target = Math.max(0, Math.min(last, to));
        if (from < 0 || from > last || from === target) return;
        const next = [...this.items];
        const [item] = next.splice(from, 1);
        next.splice(target, 0, item!);
        this.items = next;
        this.persist();
      }),
    );
  }

  /** Empties the list, its storage key and its files (after a successful upload, or a File Error). */
  clear(): Promise<void> {
    return this.load().then(() =>
      this.run(async () => {
        const old = this.items;
        this.items = [];
        this.persist();
        old.forEach((item) => this.forget(item));
        await this.pruneFiles(new Set());
      }),
    );
  }

  private forget(item: EditVideo) {
    this.blobs.delete(item.id);
    this.deps.urls.revoke(item.url);
  }

  private async pruneFiles(keep: Set<string>) {
    try {
      const ids = await this.deps.files.keys();
      await Promise.all(ids.filter((id) => !keep.has(id)).map((id) => this.deps.files.del(id)));
    } catch {
      // Orphans are removed on a later load.
    }
  }

  private persist() {
    if (this.items.length === 0) {
      this.deps.storage.removeItem(STORAGE_KEYS.editVideos);
      this.written = null;
    } else {
      const stored = this.items.map(({ id, name, url, type, size }) => ({ id, name, url, type, size }));
      this.written = JSON.stringify(stored);
      this.deps.storage.setItem(STORAGE_KEYS.editVideos, this.written);
    }
    this.emit();
  }

  private emit() {
    this.listeners.forEach((listener) => listener());
  }

  private run<T>(operation: () => Promise<T>): Promise<T> {
    const next = this.queue.then(operation, operation);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

let shared: EditListStore | null = null;

/** The one edit list of this page, shared by the recorder and the upload screen. */
export function editList(): EditListStore {
  shared ??= new EditListStore({
    storage: window.localStorage,
    files: typeof indexedDB === 'undefined' ? memoryFileStore() : indexedDbFileStore(),
    urls: { create: (file) => URL.createObjectURL(file), revoke: (url) => URL.revokeObjectURL(url) },
    newId,
  });
  return shared;
}
