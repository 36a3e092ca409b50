import { useCallback } from 'react';
import { useDialog } from '@/components/dialog/DialogProvider';
import { useSetAccountStatus } from '../api/set-account-status';
import type { AccountArea } from '../model/account-areas';

/**
 * docs/product.md §13.5: a confirmation ("Deactivate User" / "Are you sure you want to deactivate this user,
 * Ada Lovelace?", docs/product.md §13.8),
 * then a success dialog; the list refreshes. A failed change is only logged and the dialog closes.
 */
export function useAccountStatusToggle(area: AccountArea) {
  const dialog = useDialog();
  const { mutateAsync } = useSetAccountStatus(area);
  return useCallback(
    async (account: { id: number; active: boolean; name: string }) => {
      const texts = account.active ? area.texts.deactivate : area.texts.activate;
      const answer = await dialog({
        variant: 'question',
        title: texts.title,
        text: texts.question(account.name),
      });
      if (!answer.confirmed) return;
      try {
        await mutateAsync({ id: account.id, status: account.active ? 0 : 1 });
      } catch (error) {
        console.error(`The status of ${area.kind} ${account.id} could not be changed`, error);
        return;
      }
      await dialog({ variant: 'success', title: texts.doneTitle, text: texts.doneText });
    },
    [area, dialog, mutateAsync],
  );
}
