import { useCallback } from 'react';
import { useDialog } from '@/components/dialog/DialogProvider';

/**
 * The one way a save of a plan or of the per-minute rate ends in the back office (docs/product.md §9.3): a
 * success dialog titled with the server's message ('Subscription Plan Created Successfully.',
 * 'Updated') and a line that says what was saved. It resolves when the admin has read it (Ok).
 */
export function useSavedDialog() {
  const dialog = useDialog();
  return useCallback(
    async (message: string, what: string) => {
      await dialog({ variant: 'success', title: message, text: what });
    },
    [dialog],
  );
}
