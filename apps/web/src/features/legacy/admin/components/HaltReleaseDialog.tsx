import Modal from 'react-bootstrap/Modal';
import checkCircle from 'bootstrap-icons/icons/check-circle.svg?raw';
import questionCircle from 'bootstrap-icons/icons/question-circle.svg?raw';
import { legacyRoutes, type AdminLegacyItem } from '@pw/contracts';
import { FormError } from '@/components/form/FormError';
import { TextAreaField } from '@/components/form/TextAreaField';
import { useBodyForm } from '@/components/form/use-body-form';
import { Icon } from '@/components/Icon';
import { useHaltRelease } from '../api/halt-release';
import { ownerName } from './format';

/** The texts of the halt, in the words of docs/product.md §13.5's status dialogs (docs/product.md §9.7). */
export const HALT_TEXTS = {
  title: 'Halt Release',
  question: 'Are you sure you want to halt this release?',
  reason: 'Reason',
  reasonHint: 'The owner is told the release was halted, with this reason.',
  doneTitle: 'Release Halted',
} as const;

const REASON_MAX = 1000;

/**
 * 'Halt Release' for a waiting report: the question and a required reason, then POST adminHalt, then
 * 'Release Halted' with the server's message in the same modal. A refusal keeps the question open with
 * the server's words (a field's error under the reason, any other — a report that is no longer waiting —
 * under the form). It cannot be closed while it sends. `onFinished` runs once it has gone, saying
 * whether the release was halted, so the page can put the focus where the keyboard goes on.
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
  const mutation = useHaltRelease();
  // A missing reason is said (and focused) before sending, in the contract's words.
  const { field, serverErrors, handleSubmit, reset, summary } = useBodyForm<{ reason: string }>({
    schema: legacyRoutes.adminHalt.body,
    defaultValues: { reason: '' },
    failure: mutation.isError ? mutation.error : null,
  });
  const done = mutation.isSuccess ? mutation.data.message : null;

  const submit = handleSubmit(({ reason }) => {
    if (!item || mutation.isPending) return;
    mutation.mutate({ id: item.id, reason: reason.trim() });
  });
  const close = () => {
    if (!mutation.isPending) onClose();
  };
  // Each opening starts empty, without the last one's errors.
  const finished = () => {
    const halted = mutation.isSuccess;
    reset({ reason: '' });
    mutation.reset();
    onFinished(halted);
  };

  return (
    <Modal
      show={show && item !== null}
      onHide={close}
      onExited={finished}
      restoreFocus={false}
      centered
      aria-labelledby="halt-release-title"
      aria-describedby="halt-release-text"
    >
      {item && done !== null && (
        <Modal.Body className="text-center p-4">
          <Icon svg={checkCircle} className="text-success dialog-icon" />
          <h2 id="halt-release-title" className="h4 mt-2">
            {HALT_TEXTS.doneTitle}
          </h2>
          <p id="halt-release-text" className="text-body-secondary">
            {done}
          </p>
          <button type="button" className="btn btn-primary" onClick={close} autoFocus>
            Ok
          </button>
        </Modal.Body>
      )}
      {item && done === null && (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Modal.Body className="p-4">
            <div className="text-center">
              <Icon svg={questionCircle} className="text-primary dialog-icon" />
              <h2 id="halt-release-title" className="h4 mt-2">
                {HALT_TEXTS.title}
              </h2>
              <p id="halt-release-text" className="text-body-secondary mb-1">
                {HALT_TEXTS.question}
              </p>
              <p className="small text-break">
                {ownerName(item)} ({item.owner.email})
              </p>
            </div>
            <TextAreaField
              id="halt-reason"
              label={HALT_TEXTS.reason}
              hint={HALT_TEXTS.reasonHint}
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
              {mutation.isPending ? 'Halting…' : 'Yes'}
            </button>
          </Modal.Footer>
        </form>
      )}
    </Modal>
  );
}
