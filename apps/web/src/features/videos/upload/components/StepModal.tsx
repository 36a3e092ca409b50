import type { FormEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';

/**
 * One form step of the upload chain (Change Folder, Title, Description, Scheduled): a titled modal
 * with its fields, Back (to the previous step) and the primary button. Escape or the close button
 * leaves the chain; the edit list is untouched.
 */
export function StepModal({
  id,
  title,
  children,
  submitLabel = 'Next',
  onSubmit,
  onBack,
  onCancel,
}: {
  id: string;
  title: string;
  children: ReactNode;
  submitLabel?: string;
  onSubmit: () => void;
  onBack?: () => void;
  onCancel: () => void;
}) {
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal show centered onHide={onCancel} aria-labelledby={`${id}-title`}>
      <Form noValidate onSubmit={handleSubmit}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id={`${id}-title`} as="h2" className="h4">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
        <Modal.Footer className="justify-content-between">
          {onBack ? (
            <Button variant="outline-secondary" onClick={onBack}>
              Back
            </Button>
          ) : (
            <Button variant="outline-secondary" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit">{submitLabel}</Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
