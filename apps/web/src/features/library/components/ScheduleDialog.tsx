import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { TextField } from '../../../components/form/TextField';
import Modal from 'react-bootstrap/Modal';
import { EMAIL_PATTERN } from '@pw/contracts';
import { ApiError, errorMessage } from '../../../lib/api';
import { browserTimeZone, isFutureLocal, localDateIso, toTimeInput } from '../../../lib/dates';
import type { Video } from '../../../lib/videos';
import type { Schedule } from '../api/update-type';

interface ScheduleDialogProps {
  show: boolean;
  /** 'move' schedules a video from another folder; 'change' edits an existing schedule. */
  mode: 'move' | 'change';
  video: Video;
  busy: boolean;
  onCancel: () => void;
  /** Sends the schedule; a rejection with a 422 ApiError is shown under the form. */
  onSubmit: (schedule: Schedule) => Promise<void>;
}

type FieldErrors = Partial<Record<'email' | 'share_at_date' | 'share_at_time', string>>;

/** Spec §4/§5 scheduling form: e-mail, date (earliest today) and time, all required. */
export function ScheduleDialog({ show, mode, video, busy, onCancel, onSubmit }: ScheduleDialogProps) {
  const [email, setEmail] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const today = localDateIso();

  useEffect(() => {
    if (!show) return;
    // Changing the time starts from the current schedule; a new schedule starts empty.
    setEmail(mode === 'change' ? (video.email ?? '') : '');
    setDate(mode === 'change' ? (video.share_at_date ?? '') : '');
    setTime(mode === 'change' ? toTimeInput(video.share_at_time) : '');
    setErrors({});
    setMessage(null);
  }, [show, mode, video.email, video.share_at_date, video.share_at_time]);

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    if (!email.trim()) found.email = 'The email field is required.';
    else if (!EMAIL_PATTERN.test(email.trim())) found.email = 'Please enter a valid e-mail address.';
    if (!date) found.share_at_date = 'The date field is required.';
    else if (date < today) found.share_at_date = 'The date cannot be in the past.';
    if (!time) found.share_at_time = 'The time field is required.';
    else if (date && date >= today && !isFutureLocal(date, time))
      found.share_at_time = 'Please choose a time later than now.';
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    try {
      await onSubmit({
        email: email.trim(),
        share_at_date: date,
        share_at_time: `${time}:00`,
        timezone: browserTimeZone(),
      });
    } catch (error) {
      setMessage(errorMessage(error, 'The video could not be scheduled. Please try again.'));
      if (error instanceof ApiError && error.errors) {
        const fromServer: FieldErrors = {};
        for (const field of ['email', 'share_at_date', 'share_at_time'] as const) {
          const text = error.errors[field]?.[0];
          if (text) fromServer[field] = text;
        }
        setErrors(fromServer);
      }
    }
  };

  const title = mode === 'change' ? 'Change time' : 'Schedule delivery';
  return (
    <Modal
      show={show}
      onHide={busy ? () => undefined : onCancel}
      centered
      aria-labelledby="schedule-title"
      onEntered={() => emailInput.current?.focus()}
    >
      <Modal.Header closeButton={!busy} closeLabel="Close">
        <Modal.Title as="h2" id="schedule-title" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <Modal.Body>
          <p className="text-body-secondary small">
            The video will be e-mailed to this address at the date and time you choose (your time zone,{' '}
            {browserTimeZone()}), and stays in the scheduled folder.
          </p>
          <TextField
            id="schedule-email"
            ref={emailInput}
            label="Recipient e-mail"
            type="email"
            autoComplete="email"
            value={email}
            required
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
          />
          <div className="row g-3">
            <TextField
              id="schedule-date"
              label="Date"
              type="date"
              min={today}
              value={date}
              required
              onChange={(event) => setDate(event.target.value)}
              error={errors.share_at_date}
              className="col-sm-6"
            />
            <TextField
              id="schedule-time"
              label="Time"
              type="time"
              value={time}
              required
              onChange={(event) => setTime(event.target.value)}
              error={errors.share_at_time}
              className="col-sm-6"
            />
          </div>
          {message && (
            <p className="text-danger small mt-3 mb-0" role="alert">
              {message}
            </p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : mode === 'change' ? 'Update schedule' : 'Schedule'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
