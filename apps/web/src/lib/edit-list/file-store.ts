import { createStore, del, get, keys, set } from 'idb-keyval';

/**
 * Where the edit list keeps its files. localStorage holds the list itself (contract: key editVideos with
 * id, name, url), but a blob URL dies with the page, so the files live in IndexedDB keyed by item id
 * and their object URLs are recreated on load.
 */
export interface FileStore {
  get(id: string): Promise<Blob | undefined>;
  set(id: string, file: Blob): Promise<void>;
  del(id: string): Promise<void>;
  keys(): Promise<string[]>;
}

export function indexedDbFileStore(): FileStore {
  const store = createStore('parting-words-edit-videos', 'files');
  return {
    get: (id) => get<Blob>(id, store),
    set: (id, file) => set(id, file, store),
    del: (id) => del(id, store),
    keys: async () => (await keys(store)).map(String),
  };
}

/** Keeps files for this page only: used where IndexedDB is missing (and in unit tests). */
export function memoryFileStore(): FileStore {
  const files = new Map<string, Blob>();
  return {
    get: async (id) => files.get(id),
    set: async (id, file) => void files.set(id, file),
    del: async (id) => void files.delete(id),
    keys: async () => [...files.keys()],
  };
}
