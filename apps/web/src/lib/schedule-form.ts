import { useCallback } from 'react';
import { z } from 'zod';
import {
  EMAIL_MESSAGES,
  REPEAT_MESSAGES,
  checkSchedule,
  requiredMessage,
  scheduleBody,
  scheduleOptionNames,
  scheduleOptions,
  type DeliveryInfo,
  type ScheduleOption,
  type ScheduleOptionsShown,
} from '@pw/contracts';
import { useBodyForm } from '@/components/form/use-body-form';
import { browserTimeZone, localDateIso, localTimeHm } from './dates';

/**
 * The scheduling form of docs/product.md §13.5, §13.6 (recipient e-mail, date earliest today, time) with
 * the contract's options (the second address §5.1, the yearly repeat §5.7, the receipts §5.8, the note),
 * shared by the upload chain's Scheduled step and the library's schedule dialog so both judge it alike
 * and send it alike. It holds a schedule under the contract's wire names (`scheduleBody`), so a new
 * option of `scheduleOptions` is held, judged, sent, shown back and pre-filled here without being named.
 */

/** An option as the form holds it: as the video API shows it back, a number (a year) as typed text. */
type Held<T> = T extends number ? string : T;
type HeldOptions = { [K in ScheduleOption]: Held<NonNullable<ScheduleOptionsShown[K]>> };

/** A schedule as the form holds it: to whom (`email`), the day (yyyy-mm-dd) and time (HH:MM), the options. */
export type ScheduleInput = {
  email: string;
  share_at_date: string;
  share_at_time: string;
} & Partial<HeldOptions>;
export type ScheduleErrors = Partial<Record<keyof ScheduleInput, string>>;

/** An empty form: each option at the contract's value when absent (once, receipts on), else blank. */
export const EMPTY_SCHEDULE: Required<ScheduleInput> = {
  email: '',
  share_at_date: '',
  share_at_time: '',
  ...(Object.fromEntries(
    scheduleOptionNames.map((name) => [name, scheduleOptions[name].empty ?? '']),
  ) as HeldOptions),
};
const FIELDS = Object.keys(EMPTY_SCHEDULE) as Array<keyof ScheduleInput>;

/** A delivery's options as shown back (`video.delivery`), as the form's values to start from. */
export const optionsOf = (delivery: DeliveryInfo | null | undefined): HeldOptions =>
  Object.fromEntries(
    scheduleOptionNames.map((name) => {
      const shown = delivery?.[name];
      return [name, shown == null ? EMPTY_SCHEDULE[name] : typeof shown === 'number' ? String(shown) : shown];
    }),
  ) as HeldOptions;

export const SCHEDULE_MESSAGES = {
  emailRequired: requiredMessage('email'),
  emailInvalid: EMAIL_MESSAGES.invalid,
  dateRequired: 'The date field is required.',
  datePast: 'The date must be today or later.',
  dateNotReal: 'This date does not exist in the calendar.',
  timeRequired: 'The time field is required.',
  timePast: 'Please choose a time later than now.',
} as const;

/**
 * The contract's schedule, judged whole: its own rules between fields (`checkSchedule`) run even when a
 * field is refused, so the form names every field in error at once.
 */
const contractSchedule = z.object(scheduleBody.shape).superRefine(checkSchedule, { when: () => true });

/**
 * Every field's problem at `now`, one each: the contract's schedule judges the fields as they would be
 * sent; the form says the date and time in its own words (a date earlier than today, a time already past
 * today: the instant must be ahead; a day the calendar has not) and holds a last year to the first
 * delivery's, as the server does (delivery.schedule.ts).
 */
export function validateSchedule(input: ScheduleInput, now: Date): ScheduleErrors {
  const sent = scheduleFields(input);
  const errors: ScheduleErrors = {};
  for (const { path, message } of contractSchedule.safeParse(sent).error?.issues ?? [])
    errors[path[0] as keyof ScheduleInput] ??= message;
  const date = input.share_at_date;
  const today = localDateIso(now);
  errors.share_at_date = !date
    ? SCHEDULE_MESSAGES.dateRequired
    : !/^\d{4}-\d{2}-\d{2}$/.test(date) || date < today
      ? SCHEDULE_MESSAGES.datePast
      : errors.share_at_date && SCHEDULE_MESSAGES.dateNotReal;
  const time = input.share_at_time.slice(0, 5);
  if (!time) errors.share_at_time = SCHEDULE_MESSAGES.timeRequired;
  else if (!errors.share_at_date && date === today && time <= localTimeHm(now))
    errors.share_at_time = SCHEDULE_MESSAGES.timePast;
  const until = sent.repeat_until;
  if (until != null && !errors.repeat_until && !errors.share_at_date && until < Number(date.slice(0, 4)))
    errors.repeat_until = REPEAT_MESSAGES.untilPast;
  return Object.fromEntries(
    FIELDS.filter((field) => errors[field]).map((field) => [field, errors[field]]),
  ) as ScheduleErrors;
}

/** What a blank option sends: nothing (the server's value when absent stands). */
const sentOption = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value);

/**
 * The schedule as the API's fields (the store call and the update-type call alike): the time with ':00'
 * appended (docs/product.md §13.6), the browser's zone, each option trimmed, and the last year of a
 * repeat only with a yearly repeat (null: no end).
 */
export function scheduleFields(input: ScheduleInput, timeZone: string = browserTimeZone()) {
  const value = { ...EMPTY_SCHEDULE, ...trimmed(input) };
  return {
    ...(Object.fromEntries(scheduleOptionNames.map((name) => [name, sentOption(value[name])])) as {
      [K in ScheduleOption]?: z.input<typeof scheduleBody>[K];
    }),
    email: value.email,
    share_at_date: value.share_at_date,
    share_at_time: `${value.share_at_time.slice(0, 5)}:00`,
    timezone: timeZone,
    // Sent even empty, as the client always has: the server reads it as none.
    fallback_email: value.fallback_email,
    repeat_until: value.repeat === 'yearly' && value.repeat_until ? Number(value.repeat_until) : null,
  };
}

/** The form's values with every text trimmed. */
const trimmed = (input: Partial<ScheduleInput>) =>
  Object.fromEntries(
    Object.entries(input)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, typeof value === 'string' ? value.trim() : value]),
  ) as ScheduleInput;

/** Said once a video is scheduled with a second address (docs/product.md §5.1); empty without one. */
export const secondAddressSentence = (fallback: string | null | undefined) =>
  fallback?.trim() ? ` If it cannot be delivered, it goes to your second address, ${fallback.trim()}.` : '';

/** The rules above as the form's schema, judged at `now()` each time the form is checked. */
export const scheduleSchema = (now: () => Date) =>
  z.custom<ScheduleInput>().superRefine((input, ctx) => {
    for (const [field, message] of Object.entries(validateSchedule(input, now())))
      ctx.addIssue({ code: 'custom', path: [field], message });
  });

export type ScheduleCheck = { ok: true; input: ScheduleInput } | { ok: false; first: keyof ScheduleInput };

/**
 * The form's values (in react-hook-form) and errors. Until the first send, typing clears only the
 * field's own error; after it every change checks the whole form again, so an error goes the moment it
 * is fixed (a time "later than now" is also fixed by a later date) and never outlives its cause.
 */
export function useScheduleForm(initial: ScheduleInput, now: () => Date = () => new Date()) {
  const form = useBodyForm<ScheduleInput>({
    schema: scheduleSchema(now),
    defaultValues: initial,
    // The callers put focus where they choose (the first field in error).
    focusFirstError: false,
  });
  const { errors: found, isSubmitted } = form.formState;
  const value = form.watch();
  const errors: ScheduleErrors = {};
  for (const field of FIELDS) if (found[field]?.message) errors[field] = found[field].message;

  /** Shows these errors on their fields and clears the others'. */
  const show = (shown: Partial<Record<string, string>>, type: 'validate' | 'server') => {
    for (const field of FIELDS) {
      const message = shown[field];
      if (message) form.setError(field, { type, message });
      else if (type === 'validate') form.clearErrors(field);
    }
  };

  const change = (field: keyof ScheduleInput, text: string | boolean) => {
    form.setValue(field, text);
    if (!isSubmitted) return form.clearErrors(field);
    // Checked again at once (the resolver answers a tick later): the error goes as the key is pressed.
    show(validateSchedule(form.getValues(), now()), 'validate');
  };

  /** Marks the form as sent and shows its errors; gives the trimmed input, or the first field in error. */
  const check = () =>
    new Promise<ScheduleCheck>((resolve) => {
      void form.handleSubmit(
        (input) => resolve({ ok: true, input: trimmed(input) }),
        (refused) => resolve({ ok: false, first: FIELDS.find((field) => refused[field]) ?? 'email' }),
      )();
    });

  /** The server's words for its fields (a 422's, by their wire names), shown as the form's own. */
  const setErrors = (fromServer: Partial<Record<string, string>>) => show(fromServer, 'server');

  const { reset: resetForm } = form;
  const reset = useCallback((start: ScheduleInput) => resetForm(start), [resetForm]);

  return { value, errors, setErrors, change, check, reset };
}
