import { Temporal } from 'temporal-polyfill';

/**
 * The dates of a yearly delivery's occurrences (docs/product.md §5.7): pure date and zone maths, kept
 * apart from the roll-over (delivery.repeat.ts) that writes them, so the rules are checked without a
 * database.
 */

/** The wall-clock parts of `yyyy-mm-ddThh:mm:ss`. */
function parseLocal(localAt: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(localAt);
  if (!m) return null;
  return {
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: Number(m[6] ?? 0),
  };
}

/**
 * The instant of a yearly delivery's occurrence in `year`: the owner's month, day and time on the clock
 * of their zone. 29 February falls on 28 February in other years (Temporal's `constrain`); a time a
 * daylight-saving jump skips moves forward by the jump, a doubled one takes the first (`compatible`,
 * as for a single delivery). So the wall-clock time is kept across the changes of offset.
 */
export function occurrenceAt(localAt: string, timeZone: string, year: number): Date | null {
  const parts = parseLocal(localAt);
  if (!parts) return null;
  const date = Temporal.PlainDate.from(
    { year, month: parts.month, day: parts.day },
    { overflow: 'constrain' },
  );
  const zoned = date
    .toPlainDateTime({ hour: parts.hour, minute: parts.minute, second: parts.second })
    .toZonedDateTime(timeZone, { disambiguation: 'compatible' });
  return new Date(zoned.epochMilliseconds);
}

/**
 * The occurrence after the one due at `dueAt`: the next year's, or a later one if that moment has also
 * passed (an occurrence held for years while the account was deactivated is followed by the next one
 * still ahead, not by every year it missed). Null after `repeatUntil`.
 */
export function nextOccurrence(
  series: { localAt: string; timezone: string; repeatUntil: number | null },
  dueAt: Date,
  now: Date,
): Date | null {
  const year = Temporal.Instant.fromEpochMilliseconds(dueAt.getTime()).toZonedDateTimeISO(
    series.timezone,
  ).year;
  for (let next = year + 1; series.repeatUntil === null || next <= series.repeatUntil; next++) {
    const at = occurrenceAt(series.localAt, series.timezone, next);
    if (!at) return null;
    if (at.getTime() > now.getTime()) return at;
  }
  return null;
}
