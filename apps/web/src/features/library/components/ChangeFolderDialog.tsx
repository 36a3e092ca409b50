import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { moveOptions, validateFolderChoice } from '../model/folders';
import type { VideoFolder } from '@pw/contracts';

interface ChangeFolderDialogProps {
  show: boolean;
  from: VideoFolder;
  onCancel: () => void;
  onNext: (to: VideoFolder) => void;
}

/** docs/product.md §13.5 Change Folder: pick one of the offered folders, then Next. */
export function ChangeFolderDialog({ show, from, onCancel, onNext }: ChangeFolderDialogProps) {
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const select = useRef<HTMLSelectElement>(null);
  const options = moveOptions(from);

  useEffect(() => {
    if (show) {
      setChoice('');
      setError(null);
    }
  }, [show]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateFolderChoice(from, choice);
    if (problem) {
      setError(problem);
      select.current?.focus();
      return;
    }
    onNext(choice as VideoFolder);
  };

  return (
    <Modal
      show={show}
      onHide={onCancel}
      centered
      aria-labelledby="change-folder-title"
      onEntered={() => select.current?.focus()}
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title as="h2" id="change-folder-title" className="h5">
          Change Folder
        </Modal.Title>
      </Modal.Header>
      <Form onSubmit={submit} noValidate>
        <Modal.Body>
          <Form.Label htmlFor="change-folder-select">
            Move this video to<span className="required-asterisk">*</span>
          </Form.Label>
          <Form.Select
            id="change-folder-select"
            ref={select}
            value={choice}
            onChange={(event) => {
              setChoice(event.target.value);
              setError(null);
            }}
            isInvalid={Boolean(error)}
            aria-describedby={error ? 'change-folder-error' : undefined}
          >
            <option value="">Select a folder</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
          {error && (
            <p id="change-folder-error" className="text-danger small mt-2 mb-0" role="alert">
              {error}
            </p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Next</Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
