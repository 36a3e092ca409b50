/**
 * Date and time "as the owner's clock shows them" ↔ instants, for an IANA zone, with the platform's Intl
 * data (no time-zone library). The owner picks a date and time in their own zone; the server stores the
 * instant and shows it back in that zone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockAt(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const asUtc = (c: WallClock) => Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);

/** How far the zone's clock is ahead of UTC at `instant` (ms). */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return asUtc(wallClockAt(whole, timeZone)) - whole;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant when the clock in `timeZone` shows `date` (yyyy-mm-dd) and `time` (HH:MM[:SS]); null for a
 * date that does not exist (2025-02-30). A time skipped by a daylight-saving jump is moved forward by the
 * jump (02:30 → 03:30); a time that happens twice takes the first.
 */
export function zonedToInstant(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!d || !t) return null;
  const wall: WallClock = {
    year: Number(d[1]),
    month: Number(d[2]),
    day: Number(d[3]),
    hour: Number(t[1]),
    minute: Number(t[2]),
    second: Number(t[3] ?? 0),
  };
  const local = asUtc(wall);
  const check = new Date(local);
  if (check.getUTCMonth() !== wall.month - 1 || check.getUTCDate() !== wall.day || wall.hour > 23)
    return null;
  // Try the offsets in force just before and just after: one of them maps back to the wall clock.
  const candidates = [offsetAt(local - 86_400_000, timeZone), offsetAt(local + 86_400_000, timeZone)]
    .map((offset) => local - offset)
    .sort((a, b) => a - b);
  for (const candidate of candidates) {
    if (asUtc(wallClockAt(candidate, timeZone)) === local) return new Date(candidate);
  }
  // Skipped by a jump forward: read it with the offset from before the jump.
  return new Date(local - offsetAt(local - 86_400_000, timeZone));
}

/** `{ date: 'yyyy-mm-dd', time: 'HH:MM:SS' }` of `instant` on the clock of `timeZone`. */
export function instantToZoned(instant: Date, timeZone: string): { date: string; time: string } {
  const c = wallClockAt(instant.getTime(), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${String(c.year).padStart(4, '0')}-${two(c.month)}-${two(c.day)}`,
    time: `${two(c.hour)}:${two(c.minute)}:${two(c.second)}`,
  };
}
