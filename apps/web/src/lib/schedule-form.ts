import { useCallback, useState } from 'react';
import { EMAIL_PATTERN, EMAIL_MESSAGES, requiredMessage } from '@pw/contracts';
import { localDateIso, localTimeHm } from './dates';

/**
 * The scheduling form of docs/product.md §13.5, §13.6 (recipient e-mail, date earliest today, time), shared by the upload
 * chain's Scheduled step and the library's schedule dialog so both judge it alike.
 */
export interface ScheduleInput {
  email: string;
  /** yyyy-mm-dd in the browser's zone. */
  date: string;
  /** HH:MM (or HH:MM:SS). */
  time: string;
}
export type ScheduleErrors = Partial<Record<keyof ScheduleInput, string>>;

const FIELDS = ['email', 'date', 'time'] as const;

export const SCHEDULE_MESSAGES = {
  emailRequired: requiredMessage('email'),
  emailInvalid: EMAIL_MESSAGES.invalid,
  dateRequired: 'The date field is required.',
  datePast: 'The date must be today or later.',
  timeRequired: 'The time field is required.',
  timePast: 'Please choose a time later than now.',
} as const;

/** Every field's problem at `now`; a time already past today is refused (the instant must be ahead). */
export function validateSchedule(input: ScheduleInput, now: Date): ScheduleErrors {
  const errors: ScheduleErrors = {};
  const email = input.email.trim();
  if (!email) errors.email = SCHEDULE_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = SCHEDULE_MESSAGES.emailInvalid;
  const today = localDateIso(now);
  if (!input.date) errors.date = SCHEDULE_MESSAGES.dateRequired;
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(input.date) || input.date < today)
    errors.date = SCHEDULE_MESSAGES.datePast;
  const time = input.time.slice(0, 5);
  if (!time) errors.time = SCHEDULE_MESSAGES.timeRequired;
  else if (!errors.date && input.date === today && time <= localTimeHm(now))
    errors.time = SCHEDULE_MESSAGES.timePast;
  return errors;
}

/**
 * The form's values and errors. Until the first send, typing clears only the field's own error; after
 * it every change checks the whole form again, so an error goes the moment it is fixed (a time "later
 * than now" is also fixed by a later date) and never outlives its cause.
 */
export function useScheduleForm(initial: ScheduleInput, now: () => Date = () => new Date()) {
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [sent, setSent] = useState(false);

  const change = (field: keyof ScheduleInput, text: string) => {
    const next = { ...value, [field]: text };
    setValue(next);
    setErrors(sent ? validateSchedule(next, now()) : { ...errors, [field]: undefined });
  };

  /** Marks the form as sent and shows its errors; gives the trimmed input, or the first field in error. */
  const check = (): { ok: true; input: ScheduleInput } | { ok: false; first: keyof ScheduleInput } => {
    setSent(true);
    const found = validateSchedule(value, now());
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    return first ? { ok: false, first } : { ok: true, input: { ...value, email: value.email.trim() } };
  };

  const reset = useCallback((start: ScheduleInput) => {
    setValue(start);
    setErrors({});
    setSent(false);
  }, []);

  return { value, errors, setErrors, change, check, reset };
}
