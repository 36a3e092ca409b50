/** The browser's IANA time zone, sent with every schedule (docs/product.md §5). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Today's local date as yyyy-mm-dd (the earliest date a schedule accepts, docs/product.md §13.6). */
export function localDateIso(date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local time as HH:MM. */
export function localTimeHm(date = new Date()): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 'HH:MM:SS' or 'HH:MM' to 'HH:MM' for a time input. */
export function toTimeInput(time: string | null | undefined): string {
  return time ? time.slice(0, 5) : '';
}

/*
 * Dates are written one way in every area, user, funeral home and back office alike
 * (docs/product.md §12): the day as "22 November 2026", a moment as "22 November 2026 at 10:30" (24-hour,
 * in the reader's zone), the way the schedules, the e-mails' repeat lines and the notices write them.
 * Every screen goes through these helpers; nothing else formats a date for people.
 */

/** A calendar date (yyyy-mm-dd, no zone) for people: "12 March 2027". */
export function formatDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return new Date(year, month - 1, day).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** What a missing date reads in a table or a list. */
export const NO_DATE = '—';

const parse = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A server time (ISO) as the day it falls on in the reader's zone: "22 November 2026"; '—' for none. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return NO_DATE;
  const date = parse(iso);
  return date ? formatDate(localDateIso(date)) : iso;
}

/** A server time (ISO) with its time of day in the reader's zone: "22 November 2026 at 10:30". */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return NO_DATE;
  const date = parse(iso);
  return date ? `${formatDate(localDateIso(date))} at ${localTimeHm(date)}` : iso;
}
