/**
 * A cue's time as the editor shows and reads it: `m:ss.mmm` (`h:mm:ss.mmm` past an hour). The owner may
 * also type plain seconds (`12.5`) or a WebVTT time (`00:00:12.500`).
 */
export function formatCueTime(seconds: number): string {
  const totalMs = Math.round(seconds * 1000);
  const hours = Math.floor(totalMs / 3_600_000);
  const minutes = Math.floor(totalMs / 60_000) % 60;
  const secs = (totalMs % 60_000) / 1000;
  const secText = secs.toFixed(3).padStart(6, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secText}` : `${minutes}:${secText}`;
}

const CLOCK = /^(?:(\d+):)?(?:(\d+):)?(\d+(?:[.,]\d{1,3})?)$/;

/** Seconds from what the owner typed, or null when it is not a time. */
export function parseCueTime(text: string): number | null {
  const match = CLOCK.exec(text.trim());
  if (!match) return null;
  // One colon is m:ss; two are h:mm:ss.
  const [hours, minutes] = match[2] === undefined ? [undefined, match[1]] : [match[1], match[2]];
  const secs = Number(match[3]!.replace(',', '.'));
  if ((hours !== undefined || minutes !== undefined) && secs >= 60) return null;
  if (hours !== undefined && Number(minutes) >= 60) return null;
  const value = Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + secs;
  return Math.round(value * 1000) / 1000;
}
