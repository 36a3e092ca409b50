import { useQueryClient } from '@tanstack/react-query';
import { legacyRoutes, type AdminLegacyItem } from '@pw/contracts';
import { ReasonDialog } from '@/components/dialog/ReasonDialog';
import { adminLegacyKeys } from '@/lib/query-keys';
import { haltRelease } from '../api/halt-release';
import { ownerName } from './format';

/** The texts of the halt, in the words of docs/product.md §13.5's status dialogs (docs/product.md §9.7). */
export const HALT_TEXTS = {
  title: 'Halt Release',
  question: 'Are you sure you want to halt this release?',
  reason: 'Reason',
  reasonHint: 'The owner is told the release was halted, with this reason.',
  doneTitle: 'Release Halted',
  sending: 'Halting…',
} as const;

/**
 * 'Halt Release' for a waiting report: the question and a required reason, then POST adminHalt, then
 * 'Release Halted' with the server's message in the same modal (ReasonDialog). A refusal (a report that
 * is no longer waiting) keeps the question open with the server's words; after a halt or a refusal the
 * list is read again.
 */
export function HaltReleaseDialog({
  item,
  show,
  onClose,
  onFinished,
}: {
  item: AdminLegacyItem | null;
  show: boolean;
  onClose: () => void;
  onFinished: (halted: boolean) => void;
}) {
  const queryClient = useQueryClient();
  return (
    <ReasonDialog
      id="halt-release"
      texts={HALT_TEXTS}
      subject={item ? `${ownerName(item)} (${item.owner.email})` : null}
      schema={legacyRoutes.adminHalt.body}
      show={show}
      send={(reason) => haltRelease(item!.id, reason)}
      onSettled={() => queryClient.invalidateQueries({ queryKey: adminLegacyKeys.all })}
      onClose={onClose}
      onFinished={onFinished}
    />
  );
}
