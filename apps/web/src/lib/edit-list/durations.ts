// Clip lengths measured in the browser from each clip's metadata (docs/product.md §13.6: a total over
// FREE_VIDEO_SECONDS is flagged). The server measures again and decides; this only warns early.

/**
 * Duration in seconds of a playable URL, or null when the browser cannot read it (a codec it does not
 * play, such as many AVI or WMV files). MediaRecorder's WebM files carry no duration: the element then
 * reports Infinity until it is asked to seek far past the end, after which it knows the real length.
 */
export function measureDuration(url: string, timeoutMs = 15_000): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.muted = true;
    let settled = false;
    const finish = (value: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      resolve(value);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    const check = () => {
      if (Number.isFinite(video.duration) && video.duration > 0) finish(video.duration);
    };
    video.addEventListener('loadedmetadata', () => {
      if (video.duration === Infinity) video.currentTime = Number.MAX_SAFE_INTEGER;
      else check();
    });
    video.addEventListener('durationchange', check);
    video.addEventListener('timeupdate', check);
    video.addEventListener('error', () => finish(null));
    video.src = url;
  });
}

/** 75 → '1:15'; 3725 → '1:02:05'. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** 75.4 → '00:01:15' (the HH:MM:SS text of docs/product.md §13.4). */
export function formatHms(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** '00:01:15' → 75; null for anything else. */
export function parseHms(text: string | null | undefined): number | null {
  const match = /^(\d+):([0-5]\d):([0-5]\d)(?:\.\d+)?$/.exec(text ?? '');
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}
