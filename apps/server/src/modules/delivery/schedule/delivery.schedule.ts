import {
  optionColumn,
  REPEAT_MESSAGES,
  SCHEDULE_MESSAGES,
  scheduleOptionNames,
  scheduleOptions,
  type OptionColumn,
  type ScheduleBody,
  type ScheduleOption,
} from '@pw/contracts';
import { invalid } from '../../../platform/errors';
import { zonedToInstant } from '../../../platform/time-zone';
import type { DeliveryRow } from '../delivery.schema';

/**
 * The columns a schedule sets on its delivery row, as the owner chose them: to whom, when, and each of
 * the contract's options (`scheduleOptions`), whose column is its wire name in camel case.
 */
type ScheduleColumns = 'recipientEmail' | 'dueAt' | OptionColumn<ScheduleOption>;
/** The options with no value of their own when absent: left out, their column's default (null) stands. */
type Unset = {
  [K in ScheduleOption]: (typeof scheduleOptions)[K]['empty'] extends undefined ? OptionColumn<K> : never;
}[ScheduleOption];

/**
 * A delivery as the scheduling form asks for it: to whom, when, in which zone. Its row's columns, with
 * the zone and the owner's date and time (`yyyy-mm-ddThh:mm:ss`, what a yearly delivery repeats) known.
 */
export type Schedule = Pick<DeliveryRow, Exclude<ScheduleColumns, Unset>> &
  Partial<Pick<DeliveryRow, Unset>> & { timezone: string; localAt: string };

/**
 * What the video service hands in to schedule a video's delivery: a schedule (as `scheduleFrom` read
 * it; callers inside the module may leave out its optional parts) and whose video it is.
 */
export type ScheduleInput = Pick<DeliveryRow, 'videoId' | 'ownerId' | 'recipientEmail' | 'dueAt'> &
  Partial<Omit<Schedule, 'recipientEmail' | 'dueAt'>>;

/**
 * The options of a body as their columns: each as the contract read it, or its `empty` value when the
 * body has none (absent or empty text).
 */
function optionColumns(body: ScheduleBody) {
  const columns: Record<string, unknown> = {};
  for (const name of scheduleOptionNames) {
    const value = body[name];
    const { empty } = scheduleOptions[name];
    const given = value === undefined || value === '' ? empty : value;
    if (given !== undefined) columns[optionColumn(name)] = given;
  }
  return columns as Pick<Schedule, OptionColumn<ScheduleOption>>;
}

/** Date + time in the owner's zone → a future instant, or the 422 the scheduling form shows. */
export function scheduleFrom(body: ScheduleBody, now: Date): Schedule {
  const timezone = body.timezone!.trim();
  const dueAt = zonedToInstant(body.share_at_date!.trim(), body.share_at_time!.trim(), timezone);
  if (!dueAt) throw invalid('share_at_date', SCHEDULE_MESSAGES.dateNotReal);
  if (dueAt.getTime() <= now.getTime()) throw invalid('share_at_date', SCHEDULE_MESSAGES.dateNotFuture);
  const date = body.share_at_date!.trim();
  const time = body.share_at_time!.trim();
  const options = optionColumns(body);
  const repeatUntil = options.repeat === 'yearly' ? options.repeatUntil : null;
  // The first delivery's year is at least this year: an end before it is in the past.
  if (repeatUntil !== null && repeatUntil < Number(date.slice(0, 4)))
    throw invalid('repeat_until', REPEAT_MESSAGES.untilPast);
  return {
    ...options,
    recipientEmail: body.email!.trim().toLowerCase(),
    // Checked as an address by the contract, kept as text there: one spelling of it here.
    fallbackEmail: body.fallback_email?.trim().toLowerCase() || null,
    dueAt,
    timezone,
    localAt: `${date}T${time.length === 5 ? `${time}:00` : time}`,
    repeatUntil,
  };
}
