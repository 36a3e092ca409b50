import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { errorMessage } from '@/lib/api';
import { useUpdateTitleDesc } from '../api/update-title-desc';
import { requiredMessage, type Video } from '@pw/contracts';

interface EditDetailsDialogProps {
  show: boolean;
  video: Video;
  onCancel: () => void;
  onSaved: () => void;
}

/** docs/product.md §13.5: edit the title, then the description (two steps), then save both. */
export function EditDetailsDialog({ show, video, onCancel, onSaved }: EditDetailsDialogProps) {
  const [step, setStep] = useState<'title' | 'description'>('title');
  const [title, setTitle] = useState(video.title);
  const [description, setDescription] = useState(video.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const descriptionInput = useRef<HTMLTextAreaElement>(null);
  const update = useUpdateTitleDesc(video.id);

  // Each opening starts from the video's current text.
  useEffect(() => {
    if (!show) return;
    setStep('title');
    setTitle(video.title);
    setDescription(video.description ?? '');
    setError(null);
  }, [show, video.title, video.description]);

  useEffect(() => {
    if (show && step === 'description') descriptionInput.current?.focus();
  }, [show, step]);

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setError(requiredMessage('title'));
      return;
    }
    setError(null);
    setStep('description');
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) {
      setError(requiredMessage('description'));
      return;
    }
    setError(null);
    update.mutate(
      { title: title.trim(), description: description.trim() },
      { onSuccess: onSaved, onError: (failure) => setError(errorMessage(failure)) },
    );
  };

  return (
    <Modal
      show={show}
      onHide={onCancel}
      centered
      aria-labelledby="edit-details-title"
      onEntered={() => titleInput.current?.focus()}
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title as="h2" id="edit-details-title" className="h5">
          {step === 'title' ? 'Edit title' : 'Edit description'}
          <span className="visually-hidden">, step {step === 'title' ? 1 : 2} of 2</span>
        </Modal.Title>
      </Modal.Header>
      {step === 'title' ? (
        <Form onSubmit={next} noValidate>
          <Modal.Body>
            <Form.Label htmlFor="edit-title">
              Title<span className="required-asterisk">*</span>
            </Form.Label>
            <Form.Control
              id="edit-title"
              ref={titleInput}
              value={title}
              maxLength={255}
              required
              placeholder="Title of your video"
              onChange={(event) => setTitle(event.target.value)}
              isInvalid={Boolean(error)}
              aria-describedby={error ? 'edit-details-error' : undefined}
            />
            {error && (
              <p id="edit-details-error" className="text-danger small mt-2 mb-0" role="alert">
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
      ) : (
        <Form onSubmit={save} noValidate>
          <Modal.Body>
            <Form.Label htmlFor="edit-description">
              Description<span className="required-asterisk">*</span>
            </Form.Label>
            <Form.Control
              id="edit-description"
              ref={descriptionInput}
              as="textarea"
              rows={5}
              value={description}
              maxLength={5000}
              required
              placeholder="Enter description of Your Video"
              onChange={(event) => setDescription(event.target.value)}
              isInvalid={Boolean(error)}
              aria-describedby={error ? 'edit-details-error' : undefined}
            />
            {error && (
              <p id="edit-details-error" className="text-danger small mt-2 mb-0" role="alert">
                {error}
              </p>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button
              variant="outline-secondary"
              onClick={() => {
                setError(null);
                setStep('title');
                titleInput.current?.focus();
              }}
              disabled={update.isPending}
            >
              Back
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save'}
            </Button>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}
