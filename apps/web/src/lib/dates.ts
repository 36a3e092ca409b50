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

/** A yyyy-mm-dd date for people: "12 March 2027". */
export function formatDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return new Date(year, month - 1, day).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** A server time (ISO) as the day it falls on in the reader's zone: "Nov 22, 2026" (lists and logs). */
export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** A server time (ISO) with its time of day in the reader's zone: "Nov 22, 2026, 10:30 AM". */
export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
