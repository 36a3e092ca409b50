import { useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { ADMIN_READ_MESSAGES, ADMIN_READ_REASON_MAX, ADMIN_READ_REASON_MIN } from '@pw/contracts';
import { TextAreaField } from '@/components/form/TextAreaField';

export const REASON_DIALOG_TEXTS = {
  title: 'Why do you need to open this message?',
  text:
    'This final message is sealed until its owner’s passing is confirmed. The owner will be told at once ' +
    'that you opened it, and will see your name, the time and the reason you give here.',
  label: 'Reason',
  hint: `${ADMIN_READ_REASON_MIN} to ${ADMIN_READ_REASON_MAX} characters.`,
  open: 'Tell the owner and open',
  cancel: 'Cancel',
} as const;

/** The browser's own check of the reason, before the server's (docs/product.md §11.10). */
function reasonProblem(reason: string): string | null {
  const trimmed = reason.trim();
  if (!trimmed) return ADMIN_READ_MESSAGES.reasonRequired;
  if (trimmed.length < ADMIN_READ_REASON_MIN) return ADMIN_READ_MESSAGES.reasonShort;
  if (trimmed.length > ADMIN_READ_REASON_MAX) return ADMIN_READ_MESSAGES.reasonLong;
  return null;
}

/**
 * Asks the administrator why they open a user's sealed final message, and says the owner will be told
 * (docs/product.md §11.10). `error` is the server's refusal of the last reason sent.
 */
export function ReasonDialog({
  show,
  error,
  onSubmit,
  onCancel,
}: {
  show: boolean;
  error: string | null;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const problem = reasonProblem(reason);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    // A refused reason sends the person back to the field, where the error is read with it.
    if (problem) field.current?.focus();
    else onSubmit(reason.trim());
  };

  return (
    <Modal
      show={show}
      onHide={onCancel}
      centered
      aria-labelledby="reason-dialog-title"
      aria-describedby="reason-dialog-text"
      // docs/product.md §13.7: the dialog takes focus after its transition; the field is what it asks for.
      onEntered={() => field.current?.focus()}
    >
      <form onSubmit={submit} noValidate>
        <Modal.Body className="p-4">
          <h2 id="reason-dialog-title" className="h4">
            {REASON_DIALOG_TEXTS.title}
          </h2>
          <p id="reason-dialog-text" className="text-body-secondary">
            {REASON_DIALOG_TEXTS.text}
          </p>
          <TextAreaField
            ref={field}
            id="parting-words-reason"
            label={REASON_DIALOG_TEXTS.label}
            hint={`${REASON_DIALOG_TEXTS.hint} ${reason.trim().length}/${ADMIN_READ_REASON_MAX}`}
            required
            rows={4}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={(tried && problem) || error || undefined}
            className="mb-0"
          />
          <div className="d-flex flex-wrap gap-2 justify-content-end mt-3">
            <Button variant="outline-secondary" onClick={onCancel}>
              {REASON_DIALOG_TEXTS.cancel}
            </Button>
            <Button type="submit">{REASON_DIALOG_TEXTS.open}</Button>
          </div>
        </Modal.Body>
      </form>
    </Modal>
  );
}
