import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import checkCircle from 'bootstrap-icons/icons/check-circle.svg?raw';
import questionCircle from 'bootstrap-icons/icons/question-circle.svg?raw';
import xCircle from 'bootstrap-icons/icons/x-circle.svg?raw';
import { Icon } from '@/components/Icon';
import type { DialogOptions, DialogResult, DialogVariant } from './dialog-types';

const ICONS: Partial<Record<DialogVariant, { svg: string; className: string }>> = {
  success: { svg: checkCircle, className: 'text-success' },
  question: { svg: questionCircle, className: 'text-primary' },
  unsuccessful: { svg: xCircle, className: 'text-danger' },
};

const twoButtons = (variant: DialogVariant) => variant === 'question' || variant === 'default';

/** The modal of the dialog system (react-bootstrap: focus trap, Escape, focus returned on close). */
export default function DialogModal({
  options,
  show,
  onClose,
}: {
  options: DialogOptions;
  show: boolean;
  onClose: (result: DialogResult) => void;
}) {
  // The text is the caller's to send (with its own call's schema); here it only has to be there.
  const { register, handleSubmit, watch, setFocus } = useForm<{ text: string }>({
    defaultValues: { text: '' },
  });
  const text = watch('text');
  const primary = useRef<HTMLButtonElement>(null);

  // docs/product.md §13.7: dialog focus delay 300 ms (after Bootstrap's 300 ms transition).
  useEffect(() => {
    if (!show) return;
    const timer = setTimeout(
      () => (options.descriptiveText ? setFocus('text') : primary.current?.focus()),
      300,
    );
    return () => clearTimeout(timer);
  }, [show, options, setFocus]);

  const variant = options.variant;
  const icon = ICONS[variant];
  const confirmLabel = options.descriptiveText
    ? (options.confirmText ?? 'Submit')
    : (options.confirmText ?? (twoButtons(variant) ? 'Yes' : 'Ok'));

  return (
    <Modal
      show={show}
      onHide={() => onClose({ confirmed: false })}
      centered
      aria-labelledby="app-dialog-title"
      aria-describedby={options.text ? 'app-dialog-text' : undefined}
    >
      <Modal.Body className="text-center p-4">
        {icon && <Icon svg={icon.svg} className={`${icon.className} dialog-icon`} />}
        <h2 id="app-dialog-title" className="h4 mt-2">
          {options.title}
        </h2>
        {options.text && (
          <div id="app-dialog-text" className="text-body-secondary mb-3">
            {options.text}
          </div>
        )}
        {options.descriptiveText && (
          <Form
            onSubmit={(event) =>
              void handleSubmit((values) => {
                if (values.text.trim()) onClose({ confirmed: true, text: values.text.trim() });
              })(event)
            }
          >
            <Form.Label htmlFor="dialog-descriptive-text" className="visually-hidden">
              {options.title}
            </Form.Label>
            <Form.Control
              id="dialog-descriptive-text"
              as="textarea"
              rows={4}
              required
              placeholder="Type here..."
              {...register('text')}
            />
            <div className="d-flex gap-2 justify-content-center mt-3">
              <Button variant="outline-secondary" onClick={() => onClose({ confirmed: false })}>
                {options.cancelText ?? 'Cancel'}
              </Button>
              <Button type="submit" ref={primary} disabled={!text.trim()}>
                {confirmLabel}
              </Button>
            </div>
          </Form>
        )}
        {!options.descriptiveText && (
          <div className="d-flex gap-2 justify-content-center">
            {twoButtons(variant) && (
              <Button variant="outline-secondary" onClick={() => onClose({ confirmed: false })}>
                {options.cancelText ?? 'No'}
              </Button>
            )}
            {!twoButtons(variant) && options.extraAction && (
              <Button variant="outline-primary" onClick={() => onClose({ confirmed: false, extra: true })}>
                {options.extraAction}
              </Button>
            )}
            <Button ref={primary} onClick={() => onClose({ confirmed: true })}>
              {confirmLabel}
            </Button>
          </div>
        )}
      </Modal.Body>
    </Modal>
  );
}
