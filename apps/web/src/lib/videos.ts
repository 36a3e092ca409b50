/**
 * What the web client knows about a video (spec §3 "Video" plus PRODUCT.md's states), shared by the
 * library, the reel and the find-by-code screens.
 */
export type VideoFolder = 'draft' | 'scheduled' | 'final';
export type VideoState = 'processing' | 'ready' | 'failed';

export interface VideoCreator {
  first_name: string;
  last_name: string;
  email?: string | null;
}

export interface Video {
  id: number;
  video_link: string | null;
  title: string;
  description: string | null;
  type: VideoFolder;
  state: VideoState;
  failure_reason?: string | null;
  hashtags?: string[];
  total_likes: number;
  is_liked: boolean;
  search_code: string | null;
  access_code?: string | null;
  is_private: boolean;
  video_thumbnail: string | null;
  duration: string | null;
  creator?: VideoCreator | null;
  email?: string | null;
  share_at_date?: string | null;
  share_at_time?: string | null;
}

/** The labels the product uses for each folder (PRODUCT.md: `{product}` is "My Parting Words"). */
export const FOLDER_LABELS: Record<VideoFolder, string> = {
  final: 'My Parting Words',
  scheduled: 'Scheduled folder',
  draft: 'Drafts',
};

/** Spec §9: 60 seconds of video are free; more is bought. */
export const FREE_SECONDS = 60;

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
