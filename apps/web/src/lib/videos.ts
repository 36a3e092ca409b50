import type { Video, VideoFolder } from '@pw/contracts';

/**
 * What the web client needs about videos beyond the contract (packages/contracts/src/videos.ts):
 * folder routes and duration helpers, shared by the library, the reel and find-by-code.
 */
export type VideoCreator = Video['creator'];

/** The profile tab and the relative detail route of each folder (docs/product.md §13.3: final, scheduled, drafts). */
export const FOLDER_ROUTES: Record<VideoFolder, string> = {
  final: 'final',
  scheduled: 'scheduled',
  draft: 'drafts',
};

/** The /user/profile tab that lists a folder ('My Parting Words' is the default tab). */
export function folderTabPath(folder: VideoFolder): string {
  return folder === 'final' ? '/user/profile' : `/user/profile?tab=${FOLDER_ROUTES[folder]}`;
}

/** Uploaded and processing both mean "the server is still converting it". */
export function isConverting(video: Pick<Video, 'state'>): boolean {
  return video.state === 'uploaded' || video.state === 'processing';
}

/** 'HH:MM:SS' (or 'MM:SS', or plain seconds) to whole seconds; unknown or malformed → null. */
export function durationSeconds(duration: string | null | undefined): number | null {
  if (!duration) return null;
  const parts = duration.trim().split(':');
  if (parts.length > 3 || parts.some((part) => !/^\d+(\.\d+)?$/.test(part))) return null;
  return Math.round(parts.reduce((total, part) => total * 60 + Number(part), 0));
}

/** Seconds as a short clock: 0:07, 1:05, 1:02:03. */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/** The clock label for a video's duration, or null when the server has not measured it yet. */
export function durationLabel(duration: string | null | undefined): string | null {
  const seconds = durationSeconds(duration);
  return seconds === null ? null : formatSeconds(seconds);
}

export function creatorName(creator: VideoCreator | null | undefined): string {
  if (!creator) return '';
  return `${creator.first_name} ${creator.last_name}`.trim();
}

/** A scheduled video's delivery (live, else latest; docs/product.md §5.1); null when it has none. */
export type VideoDelivery = NonNullable<Video['delivery']>;

export function deliveryOf(video: Video): VideoDelivery | null {
  return video.delivery ?? null;
}
