import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { AlertFieldError } from '@/components/form/FieldError';
import { useBodyForm } from '@/components/form/use-body-form';
import { errorMessage } from '@/lib/api';
import { useUpdateTitleDesc } from '../api/update-title-desc';
import { videoUpdateTitleDescBody, type Video } from '@pw/contracts';

interface EditDetailsDialogProps {
  show: boolean;
  video: Video;
  onCancel: () => void;
  onSaved: () => void;
}

/** docs/product.md §13.5: edit the title, then the description (two steps), then save both. */
export function EditDetailsDialog({ show, video, onCancel, onSaved }: EditDetailsDialogProps) {
  const [step, setStep] = useState<'title' | 'description'>('title');
  // Each step checks its own field with the contract's rule ('The title field is required.').
  const { register, trigger, handleSubmit, reset, clearErrors, setFocus, formState } = useBodyForm<{
    title: string;
    description: string;
  }>({
    schema: videoUpdateTitleDescBody,
    defaultValues: { title: video.title, description: video.description ?? '' },
    focusFirstError: false,
    recheck: 'onSubmit',
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const update = useUpdateTitleDesc(video.id);
  const error = formState.errors[step]?.message ?? serverError;

  // Each opening starts from the video's current text.
  useEffect(() => {
    if (!show) return;
    setStep('title');
    reset({ title: video.title, description: video.description ?? '' });
    setServerError(null);
  }, [show, video.title, video.description, reset]);

  useEffect(() => {
    if (show && step === 'description') setFocus('description');
  }, [show, step, setFocus]);

  const next = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (await trigger('title')) setStep('description');
  };

  const save = handleSubmit(({ title, description }) => {
    setServerError(null);
    update.mutate(
      { title: title.trim(), description: description.trim() },
      { onSuccess: onSaved, onError: (failure) => setServerError(errorMessage(failure)) },
    );
  });

  return (
    <Modal
      show={show}
      onHide={onCancel}
      centered
      aria-labelledby="edit-details-title"
      onEntered={() => setFocus('title')}
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title as="h2" id="edit-details-title" className="h5">
          {step === 'title' ? 'Edit title' : 'Edit description'}
          <span className="visually-hidden">, step {step === 'title' ? 1 : 2} of 2</span>
        </Modal.Title>
      </Modal.Header>
      {step === 'title' ? (
        <Form onSubmit={(event) => void next(event)} noValidate>
          <Modal.Body>
            <Form.Label htmlFor="edit-title">
              Title<span className="required-asterisk">*</span>
            </Form.Label>
            <Form.Control
              id="edit-title"
              maxLength={255}
              required
              placeholder="Title of your video"
              {...register('title')}
              isInvalid={Boolean(error)}
              aria-describedby={error ? 'edit-details-error' : undefined}
            />
            <AlertFieldError id="edit-details-error" message={error} />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit">Next</Button>
          </Modal.Footer>
        </Form>
      ) : (
        <Form onSubmit={(event) => void save(event)} noValidate>
          <Modal.Body>
            <Form.Label htmlFor="edit-description">
              Description<span className="required-asterisk">*</span>
            </Form.Label>
            <Form.Control
              id="edit-description"
              as="textarea"
              rows={5}
              maxLength={5000}
              required
              placeholder="Enter description of Your Video"
              {...register('description')}
              isInvalid={Boolean(error)}
              aria-describedby={error ? 'edit-details-error' : undefined}
            />
            <AlertFieldError id="edit-details-error" message={error} />
          </Modal.Body>
          <Modal.Footer>
            <Button
              variant="outline-secondary"
              onClick={() => {
                setServerError(null);
                clearErrors();
                setStep('title');
                setFocus('title');
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
