import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';

/**
 * The shared dialog system of spec §4. Variants: success and unsuccessful (one button, default 'Ok'),
 * question and default (two buttons, default 'Yes' and 'No'), noImage (one button, no icon).
 * A dialog may hold a required multi-line text field (placeholder 'Type here...') with Submit.
 */
export type DialogVariant = 'success' | 'question' | 'unsuccessful' | 'noImage' | 'default';

export interface DialogOptions {
  variant: DialogVariant;
  title: string;
  text?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Shows the required "descriptive text" field; the result then carries `text`. */
  descriptiveText?: boolean;
}

export interface DialogResult {
  confirmed: boolean;
  text?: string;
}

type Open = (options: DialogOptions) => Promise<DialogResult>;

const DialogContext = createContext<Open | null>(null);

const ICONS: Partial<Record<DialogVariant, { name: string; className: string }>> = {
  success: { name: 'bi-check-circle', className: 'text-success' },
  question: { name: 'bi-question-circle', className: 'text-primary' },
  unsuccessful: { name: 'bi-x-circle', className: 'text-danger' },
};

const twoButtons = (variant: DialogVariant) => variant === 'question' || variant === 'default';

export function DialogProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<DialogOptions | null>(null);
  const [show, setShow] = useState(false);
  const [text, setText] = useState('');
  const resolver = useRef<((result: DialogResult) => void) | null>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);

  const open = useCallback<Open>((options) => {
    // A dialog opened while another is showing replaces it; the first resolves as dismissed.
    resolver.current?.({ confirmed: false });
    return new Promise<DialogResult>((resolve) => {
      resolver.current = resolve;
      setText('');
      setCurrent(options);
      setShow(true);
    });
  }, []);

  const close = (result: DialogResult) => {
    setShow(false);
    const resolve = resolver.current;
    resolver.current = null;
    resolve?.(result);
  };

  // Spec §9: dialog focus delay 300 ms (after Bootstrap's 300 ms transition).
  useEffect(() => {
    if (!show) return;
    const timer = setTimeout(
      () => (current?.descriptiveText ? textArea.current : primary.current)?.focus(),
      300,
    );
    return () => clearTimeout(timer);
  }, [show, current]);

  const variant = current?.variant ?? 'default';
  const icon = ICONS[variant];
  const confirmLabel = current?.descriptiveText
    ? (current.confirmText ?? 'Submit')
    : (current?.confirmText ?? (twoButtons(variant) ? 'Yes' : 'Ok'));

  return (
    <DialogContext.Provider value={open}>
      {children}
      <Modal
        show={show}
        onHide={() => close({ confirmed: false })}
        centered
        aria-labelledby="app-dialog-title"
      >
        {current && (
          <Modal.Body className="text-center p-4">
            {icon && <i className={`bi ${icon.name} ${icon.className} dialog-icon`} aria-hidden="true" />}
            <h2 id="app-dialog-title" className="h4 mt-2">
              {current.title}
            </h2>
            {current.text && <div className="text-body-secondary mb-3">{current.text}</div>}
            {current.descriptiveText && (
              <Form
                onSubmit={(event) => {
                  event.preventDefault();
                  if (text.trim()) close({ confirmed: true, text: text.trim() });
                }}
              >
                <Form.Label htmlFor="dialog-descriptive-text" className="visually-hidden">
                  {current.title}
                </Form.Label>
                <Form.Control
                  id="dialog-descriptive-text"
                  ref={textArea}
                  as="textarea"
                  rows={4}
                  required
                  placeholder="Type here..."
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                />
                <div className="d-flex gap-2 justify-content-center mt-3">
                  <Button variant="outline-secondary" onClick={() => close({ confirmed: false })}>
                    {current.cancelText ?? 'Cancel'}
                  </Button>
                  <Button type="submit" ref={primary} disabled={!text.trim()}>
                    {confirmLabel}
                  </Button>
                </div>
              </Form>
            )}
            {!current.descriptiveText && (
              <div className="d-flex gap-2 justify-content-center">
                {twoButtons(variant) && (
                  <Button variant="outline-secondary" onClick={() => close({ confirmed: false })}>
                    {current.cancelText ?? 'No'}
                  </Button>
                )}
                <Button ref={primary} onClick={() => close({ confirmed: true })}>
                  {confirmLabel}
                </Button>
              </div>
            )}
          </Modal.Body>
        )}
      </Modal>
    </DialogContext.Provider>
  );
}

/** `const dialog = useDialog(); await dialog({ variant: 'success', title: '…' })`. */
export function useDialog(): Open {
  const open = useContext(DialogContext);
  if (!open) throw new Error('useDialog must be used inside <DialogProvider>');
  return open;
}
