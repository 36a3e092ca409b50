import { Temporal } from 'temporal-polyfill';

/**
 * Date and time "as the owner's clock shows them" ↔ instants, for an IANA zone, by Temporal (decision
 * 0335). The owner picks a date and time in their own zone; the server stores the instant and shows it
 * back in that zone.
 */

export function isValidTimeZone(timeZone: string): boolean {
  try {
    Temporal.ZonedDateTime.from({ timeZone, year: 2000, month: 1, day: 1 });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant when the clock in `timeZone` shows `date` (yyyy-mm-dd) and `time` (HH:MM[:SS]); null for a
 * date that does not exist (2025-02-30). A time skipped by a daylight-saving jump is moved forward by the
 * jump (02:30 → 03:30); a time that happens twice takes the first: Temporal's 'compatible'
 * disambiguation, the same rule as the calendars people use.
 */
export function zonedToInstant(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!d || !t) return null;
  let wall: Temporal.PlainDateTime;
  try {
    wall = Temporal.PlainDateTime.from(
      {
        year: Number(d[1]),
        month: Number(d[2]),
        day: Number(d[3]),
        hour: Number(t[1]),
        minute: Number(t[2]),
        second: Number(t[3] ?? 0),
      },
      { overflow: 'reject' },
    );
  } catch {
    return null;
  }
  const instant = wall.toZonedDateTime(timeZone, { disambiguation: 'compatible' });
  return new Date(instant.epochMilliseconds);
}

/** `{ date: 'yyyy-mm-dd', time: 'HH:MM:SS' }` of `instant` on the clock of `timeZone`. */
export function instantToZoned(instant: Date, timeZone: string): { date: string; time: string } {
  const wall = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
  return {
    date: wall.toPlainDate().toString(),
    time: wall.toPlainTime().toString({ smallestUnit: 'second' }),
  };
}
