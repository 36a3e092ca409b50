import { useEffect, useSyncExternalStore } from 'react';
import { editList, type EditListStore, type EditVideo } from './edit-list-store';

/** The edit list for a component: its items (re-rendering on change) and whether it has been read yet. */
export function useEditList(store: EditListStore = editList()): {
  items: readonly EditVideo[];
  loaded: boolean;
  store: EditListStore;
} {
  const items = useSyncExternalStore(store.subscribe, store.snapshot);
  const loaded = useSyncExternalStore(store.subscribe, store.isLoaded);
  useEffect(() => {
    void store.load();
  }, [store]);
  return { items, loaded, store };
}
