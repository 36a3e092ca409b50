import type { VideoStoreBody } from '@pw/contracts';
import { invalid } from '../../platform/errors';
import { zonedToInstant } from './schedule-time';

/** A delivery as the scheduling form asks for it: to whom, when, in which zone. */
export interface Schedule {
  recipientEmail: string;
  /** The optional second address (decision 0370), checked by the contracts' schema. */
  fallbackEmail: string | null;
  dueAt: Date;
  timezone: string;
}

/** Date + time in the owner's zone → a future instant, or the 422 the scheduling form shows. */
export function scheduleFrom(
  body: Pick<VideoStoreBody, 'email' | 'share_at_date' | 'share_at_time' | 'timezone' | 'fallback_email'>,
  now: Date,
): Schedule {
  const timezone = body.timezone!.trim();
  const dueAt = zonedToInstant(body.share_at_date!.trim(), body.share_at_time!.trim(), timezone);
  if (!dueAt) throw invalid('share_at_date', 'The share at date is not a valid date.');
  if (dueAt.getTime() <= now.getTime())
    throw invalid('share_at_date', 'The share date and time must be in the future.');
  const fallbackEmail = body.fallback_email?.trim().toLowerCase() || null;
  return { recipientEmail: body.email!.trim().toLowerCase(), fallbackEmail, dueAt, timezone };
}
