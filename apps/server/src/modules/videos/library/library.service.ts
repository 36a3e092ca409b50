import {
  NO_VIDEO_FOR_CODE_MESSAGE,
  NOT_YET_RELEASED_MESSAGE,
  ONLY_DRAFTS_PUBLISHED,
  VIDEO_MESSAGES,
  type Video,
} from '@pw/contracts';
import { invalid, locked, notFound } from '../../../platform/errors';
import { deleteQuietly } from '../../../platform/storage/storage';
import { extractHashtags, normaliseCode } from '../codes';
import { createFolderMove } from './folder-move';
import type { Actor, VideoServiceParts } from '../service-deps';
import { notPublishable, type VideoLookup } from '../video-lookup';
import type { VideoFolder } from '../videos.schema';

/** A person's library (docs/product.md §13.5): folders, titles, publishing, deleting, likes, codes and the reel. */
export function createLibraryService(deps: VideoServiceParts, lookup: VideoLookup) {
  const { db, repo, storage, scheduler, access } = deps;
  const { json, viewOf } = lookup;

  /** Scheduled videos with their delivery: its state, repeat, next occurrence and history. */
  async function withDelivery(videos: Video[]): Promise<Video[]> {
    const scheduled = videos.filter((video) => video.type === 'scheduled');
    if (scheduled.length === 0 || !scheduler.deliveryJsonFor) return videos;
    const deliveries = await scheduler.deliveryJsonFor(scheduled.map((video) => video.id));
    return videos.map((video) => {
      if (video.type !== 'scheduled') return video;
      const found = deliveries.get(video.id);
      return { ...video, delivery: found ?? null };
    });
  }

  return {
    async get(actor: Actor, id: number) {
      await access.require(actor, 'video.own', id);
      const [video] = await withDelivery([await viewOf(id, actor.id)]);
      return video!;
    },

    async list(actor: Actor, folder: VideoFolder) {
      const rows = await repo.listFolder(actor.id, folder);
      const videos = rows.map((view) => json(view, actor.id));
      return folder === 'scheduled' ? withDelivery(videos) : videos;
    },

    async updateTitleDescription(actor: Actor, id: number, title: string, description: string) {
      await access.require(actor, 'video.own', id);
      await repo.update(id, { title, description, hashtags: extractHashtags(title, description) });
      return {
        message: VIDEO_MESSAGES.detailsUpdated,
        video: await viewOf(id, actor.id),
      };
    },

    move: createFolderMove(deps, lookup),

    /** Publishing is one-way (docs/product.md §3.3): once public a video stays public. Drafts only. */
    async updateStatus(actor: Actor, id: number, isPrivate: 0 | 1) {
      const video = await access.require(actor, 'video.own', id);
      if (isPrivate === 1) {
        if (video.isPrivate === 0)
          throw invalid('is_private', 'A published video cannot be made private again.');
        return { message: 'The video is private.', video: await viewOf(id, actor.id) };
      }
      // A final message goes public only after its author's passing (a home it was granted to, once
      // released); a scheduled video is for its recipient: the owner publishes drafts only.
      if (video.folder !== 'draft') throw invalid('is_private', ONLY_DRAFTS_PUBLISHED);
      if (video.isPrivate === 1) {
        if (video.state !== 'ready') throw invalid('is_private', notPublishable(video.state));
        await repo.update(id, { isPrivate: 0 });
      }
      return { message: 'The video has been published.', video: await viewOf(id, actor.id) };
    },

    /** Removes the video, its media and any pending delivery. */
    async remove(actor: Actor, id: number) {
      const video = await db.transaction(async (tx) => {
        const found = await access.require(actor, 'video.own', id, { lock: true, tx });
        await repo.delete(id, tx);
        if (found.folder === 'scheduled') await scheduler.cancel(id, tx);
        return found;
      });
      const mergeOwned = video.mergeSourceIds.length > 0;
      await deleteQuietly(
        storage,
        [video.mediaKey, video.thumbnailKey, ...(mergeOwned ? [] : video.sourceKeys)],
        deps.logger,
      );
      return { message: VIDEO_MESSAGES.deleted };
    },

    /** Likes toggle. Anyone signed in may like a public video; the owner may like their own. */
    async react(actor: Actor, id: number) {
      await access.require(actor, 'video.like', id);
      const result = await repo.toggleLike(id, actor.id);
      return { total_likes: result.totalLikes, is_liked: result.isLiked };
    },

    /** A code that cannot be one arrives as '' (videoCodeParams): not found without a lookup. */
    async bySearchCode(actor: Actor, code: string) {
      const view = code ? await repo.publicBySearchCode(normaliseCode(code), actor.id) : null;
      if (!view) throw notFound(NO_VIDEO_FOR_CODE_MESSAGE);
      return json(view, actor.id);
    },

    /**
     * Opening a final video by its code is recorded: that person may then grant access to it
     * (docs/product.md §6.7).
     */
    async byAccessCode(actor: Actor, code: string) {
      const view = code ? await repo.finalByAccessCode(normaliseCode(code), actor.id) : null;
      if (!view) throw notFound(NO_VIDEO_FOR_CODE_MESSAGE);
      if (view.video.ownerId !== actor.id) {
        // Before release the code tells only that a message exists: no title, no name, no video (0249).
        const { state } = await deps.releaseOf(view.video.ownerId);
        if (state === 'sealed' || state === 'waiting') throw locked(NOT_YET_RELEASED_MESSAGE, { state });
        await repo.recordCodeOpening(view.video.id, actor.id, deps.clock.now());
      }
      return json(view, actor.id, true);
    },

    async feed(actor: Actor, page: number, perPage: number) {
      const { rows, total } = await repo.feed(actor.id, page, perPage);
      return { rows: rows.map((view) => json(view, actor.id)), total };
    },
  };
}
