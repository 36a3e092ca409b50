/** Carbon's diffForHumans, as the contract's Laravel-era client expects: "5 minutes ago", "1 day ago". */
export function timeAgo(then: Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000));
  if (seconds < 1) return 'just now';
  const units: Array<[string, number]> = [
    ['year', 365 * 24 * 3600],
    ['month', 30 * 24 * 3600],
    ['week', 7 * 24 * 3600],
    ['day', 24 * 3600],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
  ];
  for (const [unit, size] of units) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Formatted minutes by zone. `formatToParts` costs several microseconds, and every list page formats the
 * same few timestamps again on each call (docs/operations.md §Request pipeline); bounded so odd zones cannot
 * grow it.
 */
const formatted = new Map<string, string>();
const FORMATTED_MAX = 10_000;

/** "Nov 22, 2026 10:30 AM" in the given IANA zone (UTC when none is given). */
export function formatDateTime(date: Date, timeZone = 'UTC'): string {
  // The text shows minutes only; every offset in use is whole minutes.
  const key = `${timeZone}|${Math.floor(date.getTime() / 60_000)}`;
  const known = formatted.get(key);
  if (known !== undefined) return known;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value;
  const { month = '', day = '', year = '', hour = '', minute = '', dayPeriod = '' } = parts;
  const text = `${month} ${day}, ${year} ${hour}:${minute} ${dayPeriod}`;
  if (formatted.size >= FORMATTED_MAX) formatted.clear();
  formatted.set(key, text);
  return text;
}
