import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { TextField } from '@/components/form/TextField';
import Modal from 'react-bootstrap/Modal';
import { ApiError, errorMessage } from '@/lib/api';
import { browserTimeZone, localDateIso, toTimeInput } from '@/lib/dates';
import { useScheduleForm, type ScheduleErrors, type ScheduleInput } from '@/lib/schedule-form';
import type { Schedule } from '../api/update-type';
import { DELIVERY_MESSAGES, RECEIPT_MESSAGES, type DeliveryRepeat, type Video } from '@pw/contracts';

/**
 * 'move' schedules a video from another folder; 'change' edits a schedule still to come; 'again' sends a
 * delivered video once more, as a new delivery (same or another address, a new date and time).
 */
export type ScheduleMode = 'move' | 'change' | 'again';

const TITLES: Record<ScheduleMode, string> = {
  move: 'Schedule delivery',
  change: 'Change time',
  again: 'Send it again',
};
const SUBMIT_LABELS: Record<ScheduleMode, string> = {
  move: 'Schedule',
  change: 'Update schedule',
  again: 'Schedule',
};

/**
 * Where each mode starts: the current schedule to change (a yearly one from its next occurrence), the
 * last recipient to send to again.
 */
function startingValues(mode: ScheduleMode, video: Video): ScheduleInput {
  // The second address the owner gave last time (a delivery made to it carries it as its own).
  const fallback = video.delivery?.fallback_email ?? '';
  const next = video.delivery?.repeat === 'yearly' ? video.delivery.next_at : null;
  if (mode === 'change')
    return {
      email: video.email ?? '',
      date: next ? localDateIso(new Date(next)) : (video.share_at_date ?? ''),
      time: toTimeInput(video.share_at_time),
      fallback,
    };
  if (mode === 'again') {
    const email = video.delivery?.replaces_email ?? video.delivery?.recipient_email ?? video.email ?? '';
    return { email, date: '', time: '', fallback: fallback === email ? '' : fallback };
  }
  return { email: '', date: '', time: '', fallback: '' };
}

interface ScheduleDialogProps {
  show: boolean;
  mode: ScheduleMode;
  video: Video;
  busy: boolean;
  onCancel: () => void;
  /** Sends the schedule; a rejection with a 422 ApiError is shown under the form. */
  onSubmit: (schedule: Schedule) => Promise<void>;
}

/** The repeat the dialog starts with: the current one when changing a schedule. */
function startingRepeat(mode: ScheduleMode, video: Video): { repeat: DeliveryRepeat; until: string } {
  if (mode !== 'change' || video.delivery?.repeat !== 'yearly') return { repeat: 'none', until: '' };
  return { repeat: 'yearly', until: video.delivery.repeat_until ? String(video.delivery.repeat_until) : '' };
}

/** Whether the owner is told of the first open (docs/product.md §5.8): kept when changing or sending again. */
const startingReceipts = (mode: ScheduleMode, video: Video): boolean =>
  mode === 'move' ? true : (video.delivery?.receipts ?? true);

/** The server names the fields as the API does. */
const SERVER_FIELDS = {
  email: 'email',
  date: 'share_at_date',
  time: 'share_at_time',
  fallback: 'fallback_email',
} as const;

/** docs/product.md §13.5, §13.6 scheduling form: e-mail, date (earliest today) and time, all required. */
export function ScheduleDialog({ show, mode, video, busy, onCancel, onSubmit }: ScheduleDialogProps) {
  const { value, errors, setErrors, change, check, reset } = useScheduleForm({
    email: '',
    date: '',
    time: '',
    fallback: '',
  });
  const [message, setMessage] = useState<string | null>(null);
  const [repeat, setRepeat] = useState<DeliveryRepeat>('none');
  const [until, setUntil] = useState('');
  const [untilError, setUntilError] = useState<string | undefined>();
  const [receipts, setReceipts] = useState(true);
  const [receiptsError, setReceiptsError] = useState<string | undefined>();
  const emailInput = useRef<HTMLInputElement>(null);
  const today = localDateIso();

  const start = startingValues(mode, video);
  const startRepeat = startingRepeat(mode, video);
  const startReceipts = startingReceipts(mode, video);
  useEffect(() => {
    if (!show) return;
    reset({ email: start.email, date: start.date, time: start.time, fallback: start.fallback });
    setRepeat(startRepeat.repeat);
    setUntil(startRepeat.until);
    setUntilError(undefined);
    setReceipts(startReceipts);
    setReceiptsError(undefined);
    setMessage(null);
  }, [
    show,
    reset,
    start.email,
    start.date,
    start.time,
    start.fallback,
    startRepeat.repeat,
    startRepeat.until,
    startReceipts,
  ]);

  const edit = (field: keyof ScheduleInput) => (event: ChangeEvent<HTMLInputElement>) => {
    change(field, event.target.value);
    setMessage(null); // the server's sentence was about what is being changed now
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const checked = await check();
    if (!checked.ok) return;
    try {
      await onSubmit({
        email: checked.input.email,
        share_at_date: checked.input.date,
        share_at_time: `${checked.input.time.slice(0, 5)}:00`,
        timezone: browserTimeZone(),
        // Empty: no second address (a changed schedule without one drops the old one).
        fallback_email: checked.input.fallback ?? '',
        repeat,
        repeat_until: repeat === 'yearly' && until.trim() ? Number(until.trim()) : null,
        receipts,
      });
    } catch (error) {
      setMessage(errorMessage(error, 'The video could not be scheduled. Please try again.'));
      if (error instanceof ApiError && error.errors) {
        const fromServer: ScheduleErrors = {};
        for (const [field, name] of Object.entries(SERVER_FIELDS) as Array<[keyof ScheduleInput, string]>) {
          const text = error.errors[name]?.[0];
          if (text) fromServer[field] = text;
        }
        setErrors(fromServer);
        setUntilError(error.errors.repeat_until?.[0] ?? error.errors.repeat?.[0]);
        setReceiptsError(error.errors.receipts?.[0]);
      }
    }
  };

  const title = TITLES[mode];
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
            {mode === 'again' ? 'It will be sent again, as a new delivery,' : 'The video will be e-mailed'} to
            this address at the date and time you choose (your time zone, {browserTimeZone()}), and stays in
            the scheduled folder.
          </p>
          <TextField
            id="schedule-email"
            ref={emailInput}
            label="Recipient e-mail"
            type="email"
            autoComplete="email"
            value={value.email}
            required
            onChange={edit('email')}
            error={errors.email}
          />
          <div className="row g-3">
            <TextField
              id="schedule-date"
              label="Date"
              type="date"
              min={today}
              value={value.date}
              required
              onChange={edit('date')}
              error={errors.date}
              className="col-sm-6"
            />
            <TextField
              id="schedule-time"
              label="Time"
              type="time"
              value={value.time}
              required
              onChange={edit('time')}
              error={errors.time}
              className="col-sm-6"
            />
          </div>
          <TextField
            id="schedule-fallback"
            label={DELIVERY_MESSAGES.fallbackLabel}
            type="email"
            autoComplete="off"
            value={value.fallback ?? ''}
            onChange={edit('fallback')}
            error={errors.fallback}
            hint={DELIVERY_MESSAGES.fallbackHint}
            className="mt-3"
          />
          <div className="row g-3">
            <Form.Group controlId="schedule-repeat" className="col-sm-6 mb-3">
              <Form.Label>Repeat</Form.Label>
              <Form.Select
                value={repeat}
                onChange={(event) => {
                  setRepeat(event.target.value as DeliveryRepeat);
                  setUntilError(undefined);
                }}
              >
                <option value="none">Once</option>
                <option value="yearly">Every year</option>
              </Form.Select>
            </Form.Group>
            {repeat === 'yearly' && (
              <TextField
                id="schedule-repeat-until"
                label="Until (year, optional)"
                type="number"
                inputMode="numeric"
                min={today.slice(0, 4)}
                value={until}
                onChange={(event: ChangeEvent<HTMLInputElement>) => {
                  setUntil(event.target.value);
                  setUntilError(undefined);
                }}
                error={untilError}
                className="col-sm-6"
              />
            )}
          </div>
          <Form.Group controlId="schedule-receipts">
            <Form.Check
              type="checkbox"
              label={RECEIPT_MESSAGES.checkboxLabel}
              checked={receipts}
              onChange={(event) => {
                setReceipts(event.target.checked);
                setReceiptsError(undefined);
              }}
              isInvalid={Boolean(receiptsError)}
              feedback={receiptsError}
              feedbackType="invalid"
            />
          </Form.Group>
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
            {busy ? 'Saving…' : SUBMIT_LABELS[mode]}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
