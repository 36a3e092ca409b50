import { formatWhen } from '@/lib/dates';

/** docs/product.md §13.7: the badge shows '9+' above 9, nothing at 0. */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}

/** The bell's accessible name carries the real count; only the drawn badge is capped. */
export function bellLabel(count: number): string {
  return count > 0 ? `Notifications, ${count} unread` : 'Notifications, none unread';
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * "5 minutes ago", computed from created_at so a list left open (the bell polls) does not show a stale
 * server-rendered phrase; created_at_human is the fallback when the date cannot be read.
 */
export function timeAgo(item: { created_at: string; created_at_human?: string }, now = Date.now()) {
  const at = Date.parse(item.created_at);
  if (Number.isNaN(at)) return item.created_at_human ?? '';
  const seconds = Math.round((now - at) / 1000);
  if (seconds < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return relative.format(-Math.max(1, Math.round(seconds / 60)), 'minute');
}

/**
 * Full date for the tooltip and screen readers, written as every date of the app (lib/dates); the
 * server's created_at_formatted only when the date cannot be read.
 */
export function fullDate(item: { created_at: string; created_at_formatted?: string }) {
  if (Number.isNaN(new Date(item.created_at).getTime())) return item.created_at_formatted ?? '';
  return formatWhen(item.created_at);
}

/**
 * Where a bell entry leads (docs/product.md §10.1): the page its notification names (`data.link`, a path of
 * this app such as the scheduled video's), else the role's notifications list.
 */
export function entryLink(item: { data: Record<string, unknown> }, list: string): string {
  const link = item.data.link;
  return typeof link === 'string' && /^\/(?![/\\])/.test(link) && !link.includes('\\') ? link : list;
}
