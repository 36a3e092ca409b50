import { useCallback } from 'react';
import { z } from 'zod';
import {
  EMAIL_MESSAGES,
  REPEAT_MESSAGES,
  requiredMessage,
  deliveryRepeats,
  scheduleBody,
  scheduleOptionNames,
  type DeliveryInfo,
  type DeliveryRepeat,
  type ScheduleOption,
} from '@pw/contracts';
import { useBodyForm } from '@/components/form/use-body-form';
import { browserTimeZone, localDateIso, localTimeHm } from './dates';

/**
 * The scheduling form of docs/product.md §13.5, §13.6 (recipient e-mail, date earliest today, time), with the
 * second address (§5.1) and the yearly repeat (§5.7), shared by the upload chain's Scheduled step and the
 * library's schedule dialog so both judge it alike and send it alike.
 */
interface ScheduleFormFields {
  email: string;
  /** yyyy-mm-dd in the browser's zone. */
  date: string;
  /** HH:MM (or HH:MM:SS). */
  time: string;
  /** The optional second address (docs/product.md §5.2). */
  fallback?: string;
  /** `none` (the default) or `yearly` (decision 0360). */
  repeat?: DeliveryRepeat;
  /** The last year of a yearly repeat, as typed; empty: no end. */
  until?: string;
  /** Whether the owner is told of the first open (docs/product.md §5.8); on unless turned off. */
  receipts?: boolean;
}

/**
 * The form's names of the options it held before they had one home (its tests and its fields' ids say
 * them); every other option of the contract's `scheduleOptions` is in the form under its wire name, as
 * text, and sent, judged, shown back and pre-filled by the code below without naming it.
 */
const OWN_NAMES = {
  fallback_email: 'fallback',
  repeat: 'repeat',
  repeat_until: 'until',
  receipts: 'receipts',
} as const;
type TextOption = Exclude<ScheduleOption, keyof typeof OWN_NAMES>;
const TEXT_OPTIONS = scheduleOptionNames.filter((name): name is TextOption => !(name in OWN_NAMES));

/** A schedule as the form holds it: its own fields above, and the contract's other options as text. */
export type ScheduleInput = ScheduleFormFields & { [K in TextOption]?: string };
export type ScheduleErrors = Partial<Record<keyof ScheduleInput, string>>;

const FIELDS = ['email', 'date', 'time', ...Object.values(OWN_NAMES), ...TEXT_OPTIONS] as Array<
  keyof ScheduleInput
>;

/** An empty form: once, no second address, the owner told of the first open. */
export const EMPTY_SCHEDULE: ScheduleInput = {
  email: '',
  date: '',
  time: '',
  fallback: '',
  repeat: 'none',
  until: '',
  receipts: true,
  ...Object.fromEntries(TEXT_OPTIONS.map((name) => [name, ''])),
};

/** The other options of a delivery shown back (`video.delivery`), as the form's values to start from. */
export const textOptionsOf = (delivery: DeliveryInfo | null | undefined): Partial<ScheduleInput> =>
  Object.fromEntries(TEXT_OPTIONS.map((name) => [name, String(delivery?.[name] ?? '')]));

export const SCHEDULE_MESSAGES = {
  emailRequired: requiredMessage('email'),
  emailInvalid: EMAIL_MESSAGES.invalid,
  dateRequired: 'The date field is required.',
  datePast: 'The date must be today or later.',
  dateNotReal: 'This date does not exist in the calendar.',
  timeRequired: 'The time field is required.',
  timePast: 'Please choose a time later than now.',
} as const;

/** The form's fields the contract's schedule judges in its own words (the date and time: below). */
const CONTRACT_JUDGED: Array<keyof ScheduleInput> = ['email', 'fallback', 'until', ...TEXT_OPTIONS];

/**
 * Every field's problem at `now`: the contract's schedule (`scheduleBody`) judges the e-mail, the second
 * address and the last year of a repeat on the fields as they would be sent; the form adds what only it
 * can say, in its own words: a date earlier than today and a time already past today (the instant must be
 * ahead), and a last year before the first delivery's.
 */
export function validateSchedule(input: ScheduleInput, now: Date): ScheduleErrors {
  const errors: ScheduleErrors = {};
  const sent = scheduleFields(input, 'UTC');
  // Two parses: the schedule's checks run only on fields that parsed, and a wrong year is a field's.
  const issues = [
    ...(scheduleBody.safeParse({ ...sent, repeat_until: null }).error?.issues ?? []),
    ...(scheduleBody.shape.repeat_until.safeParse(sent.repeat_until).error?.issues ?? []).map((issue) => ({
      ...issue,
      path: [SCHEDULE_SERVER_FIELDS.until],
    })),
  ];
  for (const field of CONTRACT_JUDGED) {
    const issue = issues.find((found) => found.path[0] === SCHEDULE_SERVER_FIELDS[field]);
    if (issue) errors[field] = issue.message;
  }
  const today = localDateIso(now);
  if (!input.date) errors.date = SCHEDULE_MESSAGES.dateRequired;
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(input.date) || input.date < today)
    errors.date = SCHEDULE_MESSAGES.datePast;
  else if (issues.some((issue) => issue.path[0] === 'share_at_date'))
    errors.date = SCHEDULE_MESSAGES.dateNotReal;
  const time = input.time.slice(0, 5);
  if (!time) errors.time = SCHEDULE_MESSAGES.timeRequired;
  else if (!errors.date && input.date === today && time <= localTimeHm(now))
    errors.time = SCHEDULE_MESSAGES.timePast;
  // The server's rule of a last year (delivery.schedule.ts): not before the first delivery's.
  const until = input.until?.trim();
  if (
    input.repeat === 'yearly' &&
    until &&
    !errors.until &&
    !errors.date &&
    Number(until) < Number(input.date.slice(0, 4))
  )
    errors.until = REPEAT_MESSAGES.untilPast;
  return errors;
}

/**
 * The schedule as the API's fields (the store call and the update-type call alike): the time with ':00'
 * appended (docs/product.md §13.6), the browser's zone, an empty second address for none, the repeat and
 * its last year (null: no end), and whether the owner is told of the first open.
 */
export function scheduleFields(input: ScheduleInput, timeZone: string = browserTimeZone()) {
  const repeat: DeliveryRepeat = input.repeat ?? 'none';
  const until = input.until?.trim();
  return {
    email: input.email.trim(),
    share_at_date: input.date,
    share_at_time: `${input.time.slice(0, 5)}:00`,
    timezone: timeZone,
    // Empty: no second address (a changed schedule without one drops the old one).
    fallback_email: input.fallback?.trim() ?? '',
    repeat,
    repeat_until: repeat === 'yearly' && until ? Number(until) : null,
    receipts: input.receipts ?? true,
    // The other options, trimmed; left out when empty (the server's default: none).
    ...Object.fromEntries(
      TEXT_OPTIONS.map((name) => [name, (input[name] as string | undefined)?.trim() || undefined]),
    ),
  } as ScheduleBodyFields;
}
type ScheduleBodyFields = {
  email: string;
  share_at_date: string;
  share_at_time: string;
  timezone: string;
  fallback_email: string;
  repeat: DeliveryRepeat;
  repeat_until: number | null;
  receipts: boolean;
} & { [K in TextOption]?: string };

/** Said once a video is scheduled with a second address (docs/product.md §5.1); empty without one. */
export const secondAddressSentence = (fallback: string | null | undefined) =>
  fallback?.trim() ? ` If it cannot be delivered, it goes to your second address, ${fallback.trim()}.` : '';

/** The API's names of the form's fields, for the server's 422 errors. */
export const SCHEDULE_SERVER_FIELDS = {
  email: 'email',
  date: 'share_at_date',
  time: 'share_at_time',
  ...(Object.fromEntries(Object.entries(OWN_NAMES).map(([wire, own]) => [own, wire])) as {
    [K in keyof typeof OWN_NAMES as (typeof OWN_NAMES)[K]]: K;
  }),
  ...(Object.fromEntries(TEXT_OPTIONS.map((name) => [name, name])) as { [K in TextOption]: K }),
} satisfies Record<keyof ScheduleInput, string>;

/** The rules above as the form's schema, judged at `now()` each time the form is checked. */
export const scheduleSchema = (now: () => Date) =>
  z
    .object({
      email: z.string(),
      date: z.string(),
      time: z.string(),
      fallback: z.string().optional(),
      repeat: z.enum(deliveryRepeats).optional(),
      until: z.string().optional(),
      receipts: z.boolean().optional(),
      ...Object.fromEntries(TEXT_OPTIONS.map((name) => [name, z.string().optional()])),
    })
    .superRefine((input, ctx) => {
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

  const change = (field: keyof ScheduleInput, text: string | boolean) => {
    form.setValue(field, text);
    if (!isSubmitted) return form.clearErrors(field);
    // Checked again at once (the resolver answers a tick later): the error goes as the key is pressed.
    const again = validateSchedule(form.getValues(), now());
    for (const name of FIELDS) {
      const message = again[name];
      if (message) form.setError(name, { type: 'validate', message });
      else form.clearErrors(name);
    }
  };

  /** Marks the form as sent and shows its errors; gives the trimmed input, or the first field in error. */
  const check = () =>
    new Promise<ScheduleCheck>((resolve) => {
      void form.handleSubmit(
        (input) =>
          resolve({
            ok: true,
            input: {
              ...input,
              email: input.email.trim(),
              fallback: input.fallback?.trim(),
              until: input.until?.trim(),
            },
          }),
        (refused) => resolve({ ok: false, first: FIELDS.find((field) => refused[field]) ?? 'email' }),
      )();
    });

  /** The server's words for some fields, shown as the form's own until they are fixed. */
  const setErrors = (fromServer: ScheduleErrors) => {
    for (const field of FIELDS) {
      const message = fromServer[field];
      if (message) form.setError(field, { type: 'server', message });
    }
  };

  const { reset: resetForm } = form;
  const reset = useCallback((start: ScheduleInput) => resetForm(start), [resetForm]);

  return { value, errors, setErrors, change, check, reset };
}
