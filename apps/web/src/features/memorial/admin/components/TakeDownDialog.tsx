import { useQueryClient } from '@tanstack/react-query';
import { MEMORIAL_AREA_TEXTS, memorialRoutes } from '@pw/contracts';
import { ReasonDialog } from '@/components/dialog/ReasonDialog';
import { memorialKeys } from '@/lib/query-keys';
import { takeDown } from '../api/admin-memorials';

const TEXTS = {
  title: MEMORIAL_AREA_TEXTS.takeDown,
  question: 'Are you sure you want to take down this memorial page? Nobody can visit it afterwards.',
  reason: 'Reason',
  reasonHint: 'The people who look after the page are e-mailed this reason.',
  doneTitle: 'Taken Down',
  sending: 'Taking down…',
};

/**
 * 'Take Down' a memorial page (docs/product.md §6.9): asked once, with a required reason its moderators
 * are e-mailed. The lists are read again after it, done or refused.
 */
export function TakeDownDialog({
  page,
  show,
  onClose,
  onFinished,
}: {
  page: { id: number; name: string } | null;
  show: boolean;
  onClose: () => void;
  onFinished: (takenDown: boolean) => void;
}) {
  const queryClient = useQueryClient();
  return (
    <ReasonDialog
      id="take-down"
      texts={TEXTS}
      subject={page ? page.name : null}
      schema={memorialRoutes.adminTakeDown.body}
      show={show}
      send={(reason) => takeDown(page!.id, reason)}
      onSettled={() => queryClient.invalidateQueries({ queryKey: memorialKeys.admin() })}
      onClose={onClose}
      onFinished={onFinished}
    />
  );
}
