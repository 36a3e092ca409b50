import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { RequiredLabel, StepModal } from './StepModal';
import {
  FOLDERS,
  localDate,
  validateDescription,
  validateFolder,
  validateSchedule,
  validateTitle,
  type Folder,
  type ScheduleErrors,
  type ScheduleInput,
} from './upload-flow';

interface StepProps<T> {
  initial: T;
  onNext: (value: T) => void;
  onBack?: () => void;
  onCancel: () => void;
}

/** Change Folder: Drafts, Scheduled folder or My Parting Words; nothing chosen → 'Please select a valid option.' */
export function FolderStep({ initial, onNext, onBack, onCancel }: StepProps<Folder | ''>) {
  const [value, setValue] = useState<string>(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <StepModal
      id="upload-folder"
      title="Change Folder"
      onBack={onBack}
      onCancel={onCancel}
      onSubmit={() => {
        const result = validateFolder(value);
        if (typeof result === 'object') setError(result.error);
        else onNext(result);
      }}
    >
      <RequiredLabel htmlFor="upload-folder-select">Save the video in</RequiredLabel>
      <Form.Select
        id="upload-folder-select"
        autoFocus
        required
        value={value}
        isInvalid={error !== null}
        aria-describedby={error ? 'upload-folder-error' : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
      >
        <option value="">Select folder</option>
        {FOLDERS.map((folder) => (
          <option key={folder.value} value={folder.value}>
            {folder.label}
          </option>
        ))}
      </Form.Select>
      {error && (
        <Form.Control.Feedback type="invalid" id="upload-folder-error" role="alert">
          {error}
        </Form.Control.Feedback>
      )}
    </StepModal>
  );
}

/** The Title and Description dialogs: one required field each (spec §5 placeholders). */
export function TextStep({
  kind,
  initial,
  onNext,
  onBack,
  onCancel,
  submitLabel,
}: StepProps<string> & { kind: 'title' | 'description'; submitLabel?: string }) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const isTitle = kind === 'title';
  const id = `upload-${kind}-input`;
  const errorId = `upload-${kind}-error`;
  const common = {
    id,
    autoFocus: true,
    required: true,
    value,
    isInvalid: error !== null,
    'aria-describedby': error ? errorId : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValue(event.target.value);
      setError(null);
    },
  };
  return (
    <StepModal
      id={`upload-${kind}`}
      title={isTitle ? 'Title' : 'Description'}
      submitLabel={submitLabel}
      onBack={onBack}
      onCancel={onCancel}
      onSubmit={() => {
        const problem = isTitle ? validateTitle(value) : validateDescription(value);
        if (problem) setError(problem);
        else onNext(value.trim());
      }}
    >
      <RequiredLabel htmlFor={id}>{isTitle ? 'Title' : 'Description'}</RequiredLabel>
      {isTitle ? (
        <Form.Control {...common} type="text" maxLength={255} placeholder="Title of your video" />
      ) : (
        <Form.Control {...common} as="textarea" rows={4} maxLength={5000} placeholder="Enter description of Your Video" />
      )}
      {error && (
        <Form.Control.Feedback type="invalid" id={errorId} role="alert">
          {error}
        </Form.Control.Feedback>
      )}
    </StepModal>
  );
}

/** Scheduled: recipient e-mail, date (earliest today) and time, all required. */
export function ScheduleStep({
  initial,
  onNext,
  onBack,
  onCancel,
  now = () => new Date(),
}: StepProps<ScheduleInput> & { now?: () => Date }) {
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const today = localDate(now());
  const field = (name: keyof ScheduleInput) => ({
    id: `upload-schedule-${name}`,
    required: true,
    value: value[name],
    isInvalid: Boolean(errors[name]),
    'aria-describedby': errors[name] ? `upload-schedule-${name}-error` : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setValue({ ...value, [name]: event.target.value });
      setErrors({ ...errors, [name]: undefined });
    },
  });
  const feedback = (name: keyof ScheduleInput) =>
    errors[name] ? (
      <Form.Control.Feedback type="invalid" id={`upload-schedule-${name}-error`}>
        {errors[name]}
      </Form.Control.Feedback>
    ) : null;
  return (
    <StepModal
      id="upload-schedule"
      title="Scheduled"
      submitLabel="Upload"
      onBack={onBack}
      onCancel={onCancel}
      onSubmit={() => {
        const problems = validateSchedule(value, now());
        const first = (['email', 'date', 'time'] as const).find((name) => problems[name]);
        if (first) {
          setErrors(problems);
          // The first field in error takes focus, so its message (aria-describedby) is read out.
          document.getElementById(`upload-schedule-${first}`)?.focus();
        } else onNext({ ...value, email: value.email.trim() });
      }}
    >
      <p className="text-body-secondary">
        The video will be e-mailed to this address at the date and time you choose (your time zone).
      </p>
      <Form.Group className="mb-3">
        <RequiredLabel htmlFor="upload-schedule-email">E-mail</RequiredLabel>
        <Form.Control {...field('email')} type="email" autoComplete="email" autoFocus placeholder="name@example.com" />
        {feedback('email')}
      </Form.Group>
      <div className="row g-3">
        <Form.Group className="col-sm-6">
          <RequiredLabel htmlFor="upload-schedule-date">Date</RequiredLabel>
          <Form.Control {...field('date')} type="date" min={today} />
          {feedback('date')}
        </Form.Group>
        <Form.Group className="col-sm-6">
          <RequiredLabel htmlFor="upload-schedule-time">Time</RequiredLabel>
          <Form.Control {...field('time')} type="time" />
          {feedback('time')}
        </Form.Group>
      </div>
    </StepModal>
  );
}
