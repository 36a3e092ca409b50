import type { Video } from '@pw/contracts';
import { grantedMediaUrl, signedMediaUrl } from '../../platform/http/signed-url';
import { captionLinksOf } from '../captions';
import type { VideoView } from './videos.repo';
import { instantToZoned } from '../../platform/time-zone';

export interface ViewContext {
  /** Who is looking: the owner sees codes and the schedule; others do not. */
  viewerId: number;
  secret: string;
  now: Date;
  /**
   * Whether the creator's e-mail may be shown: to the owner and to someone holding the access code (the
   * people the owner chose), not to every signed-in user browsing public videos (docs/product.md §13.2).
   */
  showCreatorEmail?: boolean;
}

/** 'HH:MM:SS' of a length in milliseconds, rounded to the nearest second. */
export function formatDuration(ms: number | null): string | null {
  if (ms === null) return null;
  const total = Math.round(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(total / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
}

/** The docs/product.md §13.4 Video, with signed media URLs. */
export function toVideoJson(view: VideoView, ctx: ViewContext): Video {
  const { video, creator } = view;
  const isOwner = video.ownerId === ctx.viewerId;
  const ready = video.state === 'ready';
  // Someone else's private video is seen through a grant the owner may revoke (a funeral home's, an
  // admin's view): its media URLs live minutes, so one handed out before a revocation soon stops.
  const signUrl = !isOwner && video.isPrivate !== 0 ? grantedMediaUrl : signedMediaUrl;
  const sign = (key: string | null) => (ready && key ? signUrl(ctx.secret, key, ctx.now) : null);
  const scheduled = isOwner && video.folder === 'scheduled' && video.shareAt && video.shareTimezone;
  const shareAt = scheduled ? instantToZoned(video.shareAt!, video.shareTimezone!) : null;
  return {
    id: video.id,
    title: video.title,
    description: video.description,
    type: video.folder,
    status: video.state,
    state: video.state,
    failure_reason: video.failureReason,
    damaged: Boolean(view.damaged),
    merging: isOwner ? view.merging : null,
    video_link: sign(video.mediaKey),
    video_thumbnail: sign(video.thumbnailKey),
    // Signed as the video is, so they go to whoever it goes to and stop when its address would.
    captions: ready ? captionLinksOf(view.captions, (key) => signUrl(ctx.secret, key, ctx.now)) : [],
    duration: formatDuration(video.durationMs),
    duration_seconds: video.durationMs === null ? null : Math.round(video.durationMs / 10) / 100,
    hashtags: video.hashtags,
    total_likes: Number(view.totalLikes),
    is_liked: Boolean(view.isLiked),
    search_code: video.searchCode,
    access_code: isOwner && video.folder === 'final' ? video.accessCode : null,
    is_private: video.isPrivate === 0 ? 0 : 1,
    creator: {
      first_name: creator.firstName,
      last_name: creator.lastName,
      email: isOwner || ctx.showCreatorEmail ? creator.email : null,
    },
    email: scheduled ? video.recipientEmail : null,
    share_at_date: shareAt?.date ?? null,
    share_at_time: shareAt?.time ?? null,
    timezone: scheduled ? video.shareTimezone : null,
    created_at: video.createdAt.toISOString(),
    updated_at: video.updatedAt.toISOString(),
  };
}
