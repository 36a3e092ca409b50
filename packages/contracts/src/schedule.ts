import { z } from 'zod';
import { emailField } from './common';
import { DELIVERY_MESSAGES } from './delivery';
import { REPEAT_MESSAGES } from './delivery-repeat';
import { scheduleOptionFields } from './schedule-options';

/**
 * A scheduled delivery as the owner asks for it (docs/product.md §5): the one shape of a schedule, on
 * the wire names the existing client sends. The store and move calls take these fields beside their
 * folder (required only for the scheduled folder), the server reads them into a delivery, the web's
 * form is checked with them.
 */

export const SCHEDULE_MESSAGES = {
  dateNotReal: 'The share at date is not a valid date.',
  dateNotFuture: 'The share date and time must be in the future.',
};

/** `yyyy-mm-dd` as the date input sends it, naming a real day. */
const dateField = z
  .string({ error: 'The share at date field is required.' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The share at date must be a date (YYYY-MM-DD).')
  .refine(isCalendarDate, SCHEDULE_MESSAGES.dateNotReal);

/** Whether `yyyy-mm-dd` names a day the calendar has (2030-02-29 and 2030-04-31 do not). */
function isCalendarDate(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number);
  const utc = new Date(Date.UTC(year!, month! - 1, day!));
  return utc.getUTCFullYear() === year && utc.getUTCMonth() === month! - 1 && utc.getUTCDate() === day;
}

/** `HH:MM` or `HH:MM:SS` (the existing client appends ':00'). */
const timeField = z
  .string({ error: 'The share at time field is required.' })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'The share at time must be a time (HH:MM).');

/** An IANA time zone such as `Europe/Paris`; the server turns date + time into an instant in it. */
export const timezoneField = z
  .string({ error: 'The timezone field is required.' })
  .trim()
  .min(1, 'The timezone field is required.')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'The timezone must be a valid IANA time zone (e.g. Europe/Paris).');

/**
 * The schedule's fields as a body carries them: all optional here, because a body for another folder
 * has none; `requireSchedule` judges them when the folder is `scheduled`.
 */
export const scheduleFields = {
  email: z.string().optional(),
  share_at_date: z.string().optional(),
  share_at_time: z.string().optional(),
  timezone: z.string().optional(),
  ...scheduleOptionFields,
};

/** The fields every schedule must have, each with its own check. */
const requiredChecks: Array<[keyof typeof scheduleFields, z.ZodType]> = [
  ['email', emailField],
  ['share_at_date', dateField],
  ['share_at_time', timeField],
  ['timezone', timezoneField],
];

type ScheduleValues = { [K in keyof typeof scheduleFields]?: z.infer<(typeof scheduleFields)[K]> };

/** Every problem of a schedule's fields, as issues at their paths (the body's checks and the web form's). */
export function checkSchedule(value: ScheduleValues, ctx: z.RefinementCtx) {
  checkFallback(value, ctx);
  if (value.repeat !== 'yearly' && value.repeat_until != null)
    ctx.addIssue({ code: 'custom', path: ['repeat_until'], message: REPEAT_MESSAGES.untilWithoutRepeat });
  for (const [field, schema] of requiredChecks) {
    const raw = value[field];
    if (typeof raw !== 'string' || raw.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `The ${field.replace(/_/g, ' ')} field is required.`,
      });
      continue;
    }
    const result = schema.safeParse(raw);
    if (!result.success) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: result.error.issues[0]?.message ?? 'Invalid value.',
      });
    }
  }
}

/** The scheduled fields are required only when the target folder is `scheduled`. */
export function requireSchedule(value: ScheduleValues & { type: string }, ctx: z.RefinementCtx) {
  if (value.type === 'scheduled') checkSchedule(value, ctx);
}

/** The optional second address: an e-mail, and not the recipient's own. */
function checkFallback(value: { email?: string; fallback_email?: string }, ctx: z.RefinementCtx) {
  const raw = value.fallback_email?.trim();
  if (!raw) return;
  const parsed = emailField.safeParse(raw);
  if (!parsed.success) {
    ctx.addIssue({
      code: 'custom',
      path: ['fallback_email'],
      message: parsed.error.issues[0]?.message ?? 'Invalid value.',
    });
  } else if (parsed.data === value.email?.trim().toLowerCase()) {
    ctx.addIssue({
      code: 'custom',
      path: ['fallback_email'],
      message: DELIVERY_MESSAGES.fallbackSameAsRecipient,
    });
  }
}

/** A schedule on its own: its fields, all required but the optional ones, checked together. */
export const scheduleBody = z.object(scheduleFields).superRefine(checkSchedule);
export type ScheduleBody = z.infer<typeof scheduleBody>;
