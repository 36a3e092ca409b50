import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import Form from 'react-bootstrap/Form';
import { FieldError } from '@/components/form/FieldError';
import { Label } from '@/components/form/Label';
import { TextAreaField } from '@/components/form/TextAreaField';
import { TextField } from '@/components/form/TextField';
import { SCHEDULE_HEADING, ScheduleFields } from '@/components/form/ScheduleFields';
import { useBodyForm } from '@/components/form/use-body-form';
import { useUploadCaptionsField } from '@/components/captions/UploadCaptionsField';
import type { UploadCaptions } from '@/components/captions/upload-captions';
import { StepModal } from './StepModal';
import { localDateIso } from '@/lib/dates';
import { useScheduleForm, type ScheduleInput } from '@/lib/schedule-form';
import { FOLDERS } from '../model/upload-flow';
import { freeDeliveryTaken } from '../api/free-delivery';
import { videoStoreBody, videoUpdateTitleDescBody, type VideoFolder } from '@pw/contracts';
import { z } from 'zod';

interface StepProps<T> {
  initial: T;
  onNext: (value: T) => void;
  onBack?: () => void;
  onCancel: () => void;
}

/**
 * A field in error takes focus, so its message (linked by aria-describedby) is read out, in every step.
 */
const focusField = (id: string) => document.getElementById(id)?.focus();

/** The upload's folder, as the store call's body checks it. */
const folderForm = z.object({ type: videoStoreBody.shape.type });
/** Each text step checks its one field with the rule of the details call. */
const textForms = {
  title: z.object({ text: videoUpdateTitleDescBody.shape.title }),
  description: z.object({ text: videoUpdateTitleDescBody.shape.description }),
};

/** Change Folder: Drafts, Scheduled folder or My Parting Words; nothing chosen → 'Please select a valid option.' */
export function FolderStep({ initial, onNext, onBack, onCancel }: StepProps<VideoFolder | ''>) {
  // A refused choice takes focus, so its message (linked by aria-describedby) is read out.
  const { register, handleSubmit, errorOf } = useBodyForm<{ type: string }>({
    schema: folderForm,
    defaultValues: { type: initial },
  });
  const error = errorOf('type');
  const id = 'upload-folder-select';
  return (
    <StepModal
      id="upload-folder"
      title="Change Folder"
      onBack={onBack}
      onCancel={onCancel}
      onSubmit={() => void handleSubmit(({ type }) => onNext(type as VideoFolder))()}
    >
      <Label htmlFor={id} required>
        Save the video in
      </Label>
      <Form.Select
        id={id}
        autoFocus
        required
        isInvalid={error !== undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...register('type')}
      >
        <option value="">Select folder</option>
        {FOLDERS.map((folder) => (
          <option key={folder.value} value={folder.value}>
            {folder.label}
          </option>
        ))}
      </Form.Select>
      <FieldError id={`${id}-error`} message={error} />
    </StepModal>
  );
}

/**
 * The Title and Description dialogs: one required field each (docs/product.md §13.6 placeholders). The
 * Description dialog, the upload's details, also takes the optional captions (docs/product.md §4.7).
 */
export function TextStep({
  kind,
  initial,
  onNext,
  onBack,
  onCancel,
  submitLabel,
  captions,
}: StepProps<string> & {
  kind: 'title' | 'description';
  submitLabel?: string;
  /** The captions given so far, and where the checked ones go when the step is done. */
  captions?: { initial: UploadCaptions | null; onChange: (captions: UploadCaptions | null) => void };
}) {
  const { field: register, handleSubmit } = useBodyForm<{ text: string }>({
    schema: textForms[kind],
    defaultValues: { text: initial },
  });
  const captionsField = useUploadCaptionsField(`upload-${kind}`, captions?.initial);
  const submit = async () => {
    const given = captions ? await captionsField.check() : null;
    await handleSubmit(({ text }) => {
      if (given === false) return;
      captions?.onChange(given);
      onNext(text.trim());
    })();
  };
  const isTitle = kind === 'title';
  const id = `upload-${kind}-input`;
  const field = {
    id,
    label: isTitle ? 'Title' : 'Description',
    autoFocus: true,
    required: true,
    className: 'mb-0',
    ...register('text'),
  };
  return (
    <StepModal
      id={`upload-${kind}`}
      title={isTitle ? 'Title' : 'Description'}
      submitLabel={submitLabel}
      onBack={onBack}
      onCancel={onCancel}
      onSubmit={() => void submit()}
    >
      {isTitle ? (
        <TextField {...field} type="text" maxLength={255} placeholder="Title of your video" />
      ) : (
        <TextAreaField {...field} rows={4} maxLength={5000} placeholder="Enter description of Your Video" />
      )}
      {captions && captionsField.element}
    </StepModal>
  );
}

/**
 * Scheduled: recipient e-mail, date (earliest today) and time, all required; then, as in the library's
 * schedule dialog, the optional second address and the yearly repeat (docs/product.md §5.1, §5.7).
 */
export function ScheduleStep({
  initial,
  onNext,
  onBack,
  onCancel,
  onSaveAsDraft,
  allowanceTaken = freeDeliveryTaken,
  now = () => new Date(),
}: StepProps<ScheduleInput> & {
  now?: () => Date;
  /** Keeps the video as a draft instead (the free allowance is taken). */
  onSaveAsDraft?: () => void;
  /** Whether the free plan's waiting delivery is already used (asked once, when the step opens). */
  allowanceTaken?: () => Promise<boolean>;
}) {
  const { value, errors, change, check } = useScheduleForm(initial, now);
  const [taken, setTaken] = useState(false);
  useEffect(() => {
    let live = true;
    void allowanceTaken().then((answer) => live && setTaken(answer));
    return () => {
      live = false;
    };
  }, [allowanceTaken]);
  const today = useRef(localDateIso(now())).current;
  return (
    <StepModal
      id="upload-schedule"
      title={SCHEDULE_HEADING}
      submitLabel="Upload"
      onBack={onBack}
      onCancel={onCancel}
      onSubmit={() =>
        void check().then((checked) => {
          if (checked.ok) onNext(checked.input);
          else focusField(`upload-schedule-${checked.first}`);
        })
      }
    >
      {taken && (
        <Alert variant="warning" className="py-2" data-testid="free-delivery-taken">
          <p className="mb-2">{FREE_DELIVERY_TAKEN}</p>
          <div className="d-flex flex-wrap gap-2">
            <Link to="/user/subscription-plans" className="btn btn-sm btn-primary">
              See plans
            </Link>
            {onSaveAsDraft && (
              <Button size="sm" variant="outline-secondary" onClick={onSaveAsDraft}>
                Save as a draft instead
              </Button>
            )}
          </div>
        </Alert>
      )}
      <ScheduleFields
        idPrefix="upload-schedule"
        value={value}
        errors={errors}
        onChange={change}
        minDate={today}
        autoFocus
      />
    </StepModal>
  );
}

/** Said at the Scheduled step, before any upload (docs/product.md §5.5). */
export const FREE_DELIVERY_TAKEN =
  'Without a membership one scheduled delivery can wait at a time, and you already have one waiting. ' +
  'A membership lets you schedule this one too; or save it as a draft now and schedule it later.';
