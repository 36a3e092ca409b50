import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { SCHEDULE_HEADING, ScheduleFields } from '@/components/form/ScheduleFields';
import Modal from 'react-bootstrap/Modal';
import { errorMessage, fieldErrors } from '@/lib/api';
import { browserTimeZone, localDateIso, toTimeInput } from '@/lib/dates';
import {
  EMPTY_SCHEDULE,
  optionsOf,
  scheduleFields,
  useScheduleForm,
  type ScheduleInput,
} from '@/lib/schedule-form';
import type { Schedule } from '../api/update-type';
import type { Video } from '@pw/contracts';

/**
 * 'move' schedules a video from another folder; 'change' edits a schedule still to come; 'again' sends a
 * delivered video once more, as a new delivery (same or another address, a new date and time).
 */
export type ScheduleMode = 'move' | 'change' | 'again';

const TITLES: Record<ScheduleMode, string> = {
  move: SCHEDULE_HEADING,
  change: 'Change time',
  again: 'Send it again',
};
const SUBMIT_LABELS: Record<ScheduleMode, string> = {
  move: 'Schedule',
  change: 'Update schedule',
  again: 'Schedule',
};

/**
 * Where each mode starts: the current schedule to change (a yearly one from its next occurrence, with its
 * repeat), the last recipient to send to again (once, keeping the owner's other choices: the second
 * address, the receipts, the note).
 */
function startingValues(mode: ScheduleMode, video: Video): ScheduleInput {
  // The schedule's options as the owner gave them last time (a delivery made to the second address
  // carries it as its own).
  const options = optionsOf(video.delivery);
  if (mode === 'change') {
    const next = options.repeat === 'yearly' ? video.delivery!.next_at : null;
    return {
      ...options,
      email: video.email ?? '',
      share_at_date: next ? localDateIso(new Date(next)) : (video.share_at_date ?? ''),
      share_at_time: toTimeInput(video.share_at_time),
    };
  }
  if (mode === 'again') {
    const email = video.delivery?.replaces_email ?? video.delivery?.recipient_email ?? video.email ?? '';
    const { repeat, repeat_until } = EMPTY_SCHEDULE;
    const fallback_email = options.fallback_email === email ? '' : options.fallback_email;
    return { ...EMPTY_SCHEDULE, ...options, email, fallback_email, repeat, repeat_until };
  }
  return EMPTY_SCHEDULE;
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

/** docs/product.md §13.5, §13.6 scheduling form: e-mail, date (earliest today) and time, all required. */
export function ScheduleDialog({ show, mode, video, busy, onCancel, onSubmit }: ScheduleDialogProps) {
  const { value, errors, setErrors, change, check, reset } = useScheduleForm(EMPTY_SCHEDULE);
  const [message, setMessage] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const today = localDateIso();

  // By value: a video read again with the same schedule does not reset what the owner is typing.
  const start = JSON.stringify(startingValues(mode, video));
  useEffect(() => {
    if (!show) return;
    reset(JSON.parse(start) as ScheduleInput);
    setMessage(null);
  }, [show, reset, start]);

  const editField = (field: keyof ScheduleInput, text: string | boolean) => {
    change(field, text);
    setMessage(null); // the server's sentence was about what is being changed now
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const checked = await check();
    if (!checked.ok) return;
    try {
      await onSubmit(scheduleFields(checked.input));
    } catch (error) {
      setMessage(errorMessage(error, 'The video could not be scheduled. Please try again.'));
      setErrors(fieldErrors(error));
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
          <ScheduleFields
            idPrefix="schedule"
            value={value}
            errors={errors}
            onChange={editField}
            minDate={today}
            emailRef={emailInput}
            intro={
              mode === 'again'
                ? `It will be sent again, as a new delivery, to this address at the date and time you choose (your time zone, ${browserTimeZone()}), and stays in the Scheduled folder.`
                : undefined
            }
          />
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
