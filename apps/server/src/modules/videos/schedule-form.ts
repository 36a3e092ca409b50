import { REPEAT_MESSAGES, type DeliveryRepeat, type VideoStoreBody } from '@pw/contracts';
import { invalid } from '../../platform/errors';
import { zonedToInstant } from './schedule-time';

/** A delivery as the scheduling form asks for it: to whom, when, in which zone. */
export interface Schedule {
  recipientEmail: string;
  /** The optional second address (decision 0370), checked by the contracts' schema. */
  fallbackEmail: string | null;
  dueAt: Date;
  timezone: string;
  /** The owner's date and time as chosen (`yyyy-mm-ddThh:mm:ss`): what a yearly delivery repeats. */
  localAt: string;
  repeat: DeliveryRepeat;
  repeatUntil: number | null;
  /** Whether the owner is told when the recipient first opens it (docs/product.md §5.8). */
  receipts: boolean;
}

/** Date + time in the owner's zone → a future instant, or the 422 the scheduling form shows. */
export function scheduleFrom(
  body: Pick<
    VideoStoreBody,
    | 'email'
    | 'share_at_date'
    | 'share_at_time'
    | 'timezone'
    | 'fallback_email'
    | 'repeat'
    | 'repeat_until'
    | 'receipts'
  >,
  now: Date,
): Schedule {
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
