import { useEffect } from 'react';
import { z } from 'zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { AlertFieldError } from '@/components/form/FieldError';
import { useBodyForm } from '@/components/form/use-body-form';
import { moveOptions, validateFolderChoice } from '../model/folders';
import { INVALID_OPTION, videoUpdateTypeBody, type VideoFolder } from '@pw/contracts';

interface ChangeFolderDialogProps {
  show: boolean;
  from: VideoFolder;
  onCancel: () => void;
  onNext: (to: VideoFolder) => void;
}

/** docs/product.md §13.5 Change Folder: pick one of the offered folders, then Next. */
export function ChangeFolderDialog({ show, from, onCancel, onNext }: ChangeFolderDialogProps) {
  // A folder of the contract's list, and one this video may move to (docs/product.md §13.5).
  const schema = z.object({
    type: videoUpdateTypeBody.shape.type.refine(
      (to) => validateFolderChoice(from, to) === null,
      INVALID_OPTION,
    ),
  });
  const { register, handleSubmit, reset, setFocus, errorOf } = useBodyForm<{ type: string }>({
    schema,
    defaultValues: { type: '' },
  });
  const error = errorOf('type');
  const options = moveOptions(from);

  useEffect(() => {
    if (show) reset({ type: '' });
  }, [show, reset]);

  const submit = handleSubmit(({ type }) => onNext(type as VideoFolder));

  return (
    <Modal
      show={show}
      onHide={onCancel}
      centered
      aria-labelledby="change-folder-title"
      onEntered={() => setFocus('type')}
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title as="h2" id="change-folder-title" className="h5">
          Change Folder
        </Modal.Title>
      </Modal.Header>
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <Modal.Body>
          <Form.Label htmlFor="change-folder-select">
            Move this video to<span className="required-asterisk">*</span>
          </Form.Label>
          <Form.Select
            id="change-folder-select"
            {...register('type')}
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
          <AlertFieldError id="change-folder-error" message={error} />
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
