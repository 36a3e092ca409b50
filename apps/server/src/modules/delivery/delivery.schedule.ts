import { REPEAT_MESSAGES, type ScheduleBody } from '@pw/contracts';
import { invalid } from '../../platform/errors';
import { zonedToInstant } from '../../platform/time-zone';
import type { DeliveryRow } from './delivery.schema';

/** The columns a schedule sets on its delivery row, as the owner chose them. */
type ScheduleColumns = 'recipientEmail' | 'fallbackEmail' | 'dueAt' | 'repeat' | 'repeatUntil' | 'receipts';

/**
 * A delivery as the scheduling form asks for it: to whom, when, in which zone. Its row's columns, with
 * the zone and the owner's date and time (`yyyy-mm-ddThh:mm:ss`, what a yearly delivery repeats) known.
 */
export type Schedule = Pick<DeliveryRow, ScheduleColumns> & { timezone: string; localAt: string };

/**
 * What the video service hands in to schedule a video's delivery: a schedule (as `scheduleFrom` read
 * it; callers inside the module may leave out its optional parts) and whose video it is.
 */
export type ScheduleInput = Pick<DeliveryRow, 'videoId' | 'ownerId' | 'recipientEmail' | 'dueAt'> &
  Partial<Omit<Schedule, 'recipientEmail' | 'dueAt'>>;

/** Date + time in the owner's zone → a future instant, or the 422 the scheduling form shows. */
export function scheduleFrom(body: ScheduleBody, now: Date): Schedule {
  const timezone = body.timezone!.trim();
  const dueAt = zonedToInstant(body.share_at_date!.trim(), body.share_at_time!.trim(), timezone);
  if (!dueAt) throw invalid('share_at_date', 'The share at date is not a valid date.');
  if (dueAt.getTime() <= now.getTime())
    throw invalid('share_at_date', 'The share date and time must be in the future.');
  const date = body.share_at_date!.trim();
  const time = body.share_at_time!.trim();
  const repeat = body.repeat ?? 'none';
  const repeatUntil = repeat === 'yearly' ? (body.repeat_until ?? null) : null;
  // The first delivery's year is at least this year: an end before it is in the past.
  if (repeatUntil !== null && repeatUntil < Number(date.slice(0, 4)))
    throw invalid('repeat_until', REPEAT_MESSAGES.untilPast);
  const fallbackEmail = body.fallback_email?.trim().toLowerCase() || null;
  return {
    recipientEmail: body.email!.trim().toLowerCase(),
    fallbackEmail,
    dueAt,
    timezone,
    localAt: `${date}T${time.length === 5 ? `${time}:00` : time}`,
    repeat,
    repeatUntil,
    receipts: body.receipts ?? true,
  };
}
