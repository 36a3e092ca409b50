import { useCallback, useState } from 'react';
import { useDialog } from '@/components/dialog/DialogProvider';
import type { EditListStore } from '@/lib/edit-list/edit-list-store';
import { ONLY_VIDEO_MESSAGE } from '@/lib/edit-list/video-types';

/**
 * Adds picked files to the edit list. A file that is not an accepted video opens the 'File Error'
 * dialog ('Only Video File Allowed!'); the videos of the same pick are still added. Names already in
 * the list are skipped and said so in a polite notice.
 */
export function useAddFiles(store: EditListStore) {
  const dialog = useDialog();
  const [notice, setNotice] = useState<string | null>(null);
  const add = useCallback(
    async (list: FileList | null) => {
      const files = list ? Array.from(list) : [];
      if (files.length === 0) return;
      const result = await store.add(files);
      setNotice(
        result.duplicates.length > 0
          ? `Already in your list, not added again: ${result.duplicates.join(', ')}.`
          : null,
      );
      if (result.rejected.length > 0) {
        await dialog({
          variant: 'unsuccessful',
          title: 'File Error',
          text: (
            <>
              <span className="d-block">{ONLY_VIDEO_MESSAGE}</span>
              <span className="d-block small mt-1">Not added: {result.rejected.join(', ')}</span>
            </>
          ),
        });
      }
    },
    [store, dialog],
  );
  return { add, notice, clearNotice: () => setNotice(null) };
}
