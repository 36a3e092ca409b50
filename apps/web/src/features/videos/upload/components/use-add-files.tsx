import { useCallback, useState } from 'react';
import { useDialog } from '@/components/dialog/DialogProvider';
import type { EditListStore } from '@/lib/edit-list/edit-list-store';
import { ONLY_VIDEO_MESSAGE } from '@/lib/edit-list/video-types';
import { looksLikeVideo } from '@/lib/edit-list/video-magic';

/**
 * Adds picked files to the edit list. A file that is not an accepted video, by its type or by its first
 * bytes (a renamed document), opens the 'File Error' dialog ('Only Video File Allowed!') naming it and
 * never enters the list; the videos of the same pick are still added. Names already in
 * the list are skipped and said so in a polite notice.
 */
export function useAddFiles(store: EditListStore) {
  const dialog = useDialog();
  const [notice, setNotice] = useState<string | null>(null);
  const add = useCallback(
    async (list: FileList | null) => {
      const picked = list ? Array.from(list) : [];
      if (picked.length === 0) return;
      const checks = await Promise.all(picked.map(looksLikeVideo));
      const files = picked.filter((_, i) => checks[i]);
      const notVideo = picked.filter((_, i) => !checks[i]).map((file) => file.name);
      const result = await store.add(files);
      result.rejected.push(...notVideo.filter((name) => !result.rejected.includes(name)));
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
