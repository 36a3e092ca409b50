import { useRef } from 'react';
import Modal from 'react-bootstrap/Modal';
import checkCircle from 'bootstrap-icons/icons/check-circle.svg?raw';
import questionCircle from 'bootstrap-icons/icons/question-circle.svg?raw';
import { MEMORIAL_AREA_TEXTS, memorialRoutes } from '@pw/contracts';
import { FormError } from '@/components/form/FormError';
import { TextAreaField } from '@/components/form/TextAreaField';
import { useBodyForm } from '@/components/form/use-body-form';
import { Icon } from '@/components/Icon';
import { useTakeDown } from '../api/admin-memorials';

const REASON_MAX = 1000;

/**
 * 'Take Down' a memorial page (docs/product.md §6.9): asked once, with a required reason its moderators
 * are e-mailed; then the server's message in the same modal. It cannot be closed while it sends, and a
 * double click sends once. `onFinished` runs once it has gone, saying whether the page was taken down.
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
  const mutation = useTakeDown();
  const { field, serverErrors, handleSubmit, reset, summary } = useBodyForm<{ reason: string }>({
    schema: memorialRoutes.adminTakeDown.body,
    defaultValues: { reason: '' },
    failure: mutation.isError ? mutation.error : null,
  });
  const done = mutation.isSuccess ? mutation.data.message : null;
  // A double click sends once: the second click's check ends before the first call's state is drawn.
  const sending = useRef(false);
  const submit = handleSubmit(({ reason }) => {
    if (!page || sending.current) return;
    sending.current = true;
    mutation.mutate(
      { id: page.id, reason: reason.trim() },
      {
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  });
  const close = () => {
    if (!mutation.isPending) onClose();
  };
  const finished = () => {
    const takenDown = mutation.isSuccess;
    reset({ reason: '' });
    mutation.reset();
    onFinished(takenDown);
  };

  return (
    <Modal
      show={show && page !== null}
      onHide={close}
      onExited={finished}
      restoreFocus={false}
      centered
      aria-labelledby="take-down-title"
      aria-describedby="take-down-text"
    >
      {page && done !== null && (
        <Modal.Body className="text-center p-4">
          <Icon svg={checkCircle} className="text-success dialog-icon" />
          <h2 id="take-down-title" className="h4 mt-2">
            Taken Down
          </h2>
          <p id="take-down-text" className="text-body-secondary">
            {done}
          </p>
          <button type="button" className="btn btn-primary" onClick={close} autoFocus>
            Ok
          </button>
        </Modal.Body>
      )}
      {page && done === null && (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Modal.Body className="p-4">
            <div className="text-center">
              <Icon svg={questionCircle} className="text-primary dialog-icon" />
              <h2 id="take-down-title" className="h4 mt-2">
                {MEMORIAL_AREA_TEXTS.takeDown}
              </h2>
              <p id="take-down-text" className="text-body-secondary mb-1">
                Are you sure you want to take down this memorial page? Nobody can visit it afterwards.
              </p>
              <p className="small text-break">{page.name}</p>
            </div>
            <TextAreaField
              id="take-down-reason"
              label="Reason"
              hint="The people who look after the page are e-mailed this reason."
              required
              autoFocus
              rows={4}
              maxLength={REASON_MAX}
              {...field('reason')}
              className="mb-0"
            />
            <FormError message={serverErrors.reason ? null : summary} />
          </Modal.Body>
          <Modal.Footer className="justify-content-center">
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={close}
              disabled={mutation.isPending}
            >
              No
            </button>
            <button type="submit" className="btn btn-danger" disabled={mutation.isPending}>
              {mutation.isPending ? 'Taking down…' : 'Yes'}
            </button>
          </Modal.Footer>
        </form>
      )}
    </Modal>
  );
}
