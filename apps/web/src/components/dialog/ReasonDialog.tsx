import { useRef, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useMutation } from '@tanstack/react-query';
import checkCircle from 'bootstrap-icons/icons/check-circle.svg?raw';
import questionCircle from 'bootstrap-icons/icons/question-circle.svg?raw';
import type { z } from 'zod';
import { FormError } from '@/components/form/FormError';
import { TextAreaField } from '@/components/form/TextAreaField';
import { useBodyForm } from '@/components/form/use-body-form';
import { Icon } from '@/components/Icon';

const REASON_MAX = 1000;

export interface ReasonDialogTexts {
  title: string;
  question: string;
  reason: string;
  reasonHint: string;
  doneTitle: string;
  sending: string;
}

/**
 * An administrator's action that needs a reason the people concerned are told (halting a release, taking
 * a memorial page down), in the words of docs/product.md §13.5's status dialogs: the question and a
 * required reason (checked with the call's `schema` before sending), then `send`, then `doneTitle` with
 * the server's message in the same modal. A refusal keeps the question open with the server's words.
 * It cannot be closed while it sends, and a double click sends once. `onFinished` runs once it has gone,
 * saying whether the action was done, so the page can put the focus where the keyboard goes on.
 */
export function ReasonDialog({
  id,
  texts,
  subject,
  schema,
  show,
  send,
  onSettled,
  onClose,
  onFinished,
}: {
  id: string;
  texts: ReasonDialogTexts;
  /** What it is about (a name, an address), under the question; null: nothing to act on. */
  subject: ReactNode | null;
  schema: z.ZodType;
  show: boolean;
  send: (reason: string) => Promise<{ message: string }>;
  onSettled?: () => unknown;
  onClose: () => void;
  onFinished: (done: boolean) => void;
}) {
  const mutation = useMutation({ mutationFn: send, onSettled });
  const { field, serverErrors, handleSubmit, reset, summary } = useBodyForm<{ reason: string }>({
    schema,
    defaultValues: { reason: '' },
    failure: mutation.isError ? mutation.error : null,
  });
  const done = mutation.isSuccess ? mutation.data.message : null;
  // The second click's check ends before the first call's state is drawn: a ref keeps it to one call.
  const sending = useRef(false);
  const submit = handleSubmit(({ reason }) => {
    if (subject === null || sending.current) return;
    sending.current = true;
    mutation.mutate(reason.trim(), {
      onSettled: () => {
        sending.current = false;
      },
    });
  });
  const close = () => {
    if (!mutation.isPending) onClose();
  };
  // Each opening starts empty, without the last one's errors.
  const finished = () => {
    const wasDone = mutation.isSuccess;
    reset({ reason: '' });
    mutation.reset();
    onFinished(wasDone);
  };

  return (
    <Modal
      show={show && subject !== null}
      onHide={close}
      onExited={finished}
      restoreFocus={false}
      centered
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      {subject !== null && done !== null && (
        <Modal.Body className="text-center p-4">
          <Icon svg={checkCircle} className="text-success dialog-icon" />
          <h2 id={`${id}-title`} className="h4 mt-2">
            {texts.doneTitle}
          </h2>
          <p id={`${id}-text`} className="text-body-secondary">
            {done}
          </p>
          <button type="button" className="btn btn-primary" onClick={close} autoFocus>
            Ok
          </button>
        </Modal.Body>
      )}
      {subject !== null && done === null && (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Modal.Body className="p-4">
            <div className="text-center">
              <Icon svg={questionCircle} className="text-primary dialog-icon" />
              <h2 id={`${id}-title`} className="h4 mt-2">
                {texts.title}
              </h2>
              <p id={`${id}-text`} className="text-body-secondary mb-1">
                {texts.question}
              </p>
              <p className="small text-break">{subject}</p>
            </div>
            <TextAreaField
              id={`${id}-reason`}
              label={texts.reason}
              hint={texts.reasonHint}
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
              {mutation.isPending ? texts.sending : 'Yes'}
            </button>
          </Modal.Footer>
        </form>
      )}
    </Modal>
  );
}
