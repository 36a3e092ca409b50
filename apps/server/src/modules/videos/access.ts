import type { Video } from '@pw/contracts';
import type { DbOrTx } from '../../platform/db';
import { invalid, notFound } from '../../platform/errors';
import { NOT_FOUND_MESSAGE, notPublishable, type VideoLookup } from './video-lookup';
import type { VideosRepo } from './videos.repo';
import type { VideoFolder } from './videos.schema';
import { normaliseCode } from './codes';

type Opened = NonNullable<Awaited<ReturnType<VideosRepo['withOpening']>>>;

/**
 * THE rule of who may see a video beyond the public reel, and so grant access to it (decision 0210):
 * its owner, or a person who opened it with its access code while it is still the owner's final video
 * and the owner's account is active (what the code itself opens), and only once the message is released
 * or its owner chose that the code opens it at once (docs/product.md §6.1, decision 0249): an opening recorded
 * before the owner sealed it again counts for nothing while sealed. While the owner's account is
 * deactivated nobody may (their own sessions are refused anyway).
 */
export function maySeeVideo(row: Opened, userId: number): boolean {
  // A deactivated owner's videos are handed on to nobody, not even through the owner's own grants.
  if (row.ownerStatus !== 1) return false;
  if (row.video.ownerId === userId) return true;
  return (
    row.opened &&
    row.released &&
    row.video.folder === 'final' &&
    row.video.accessCode !== null &&
    row.ownerStatus === 1
  );
}

/** What other modules may do with videos (the chain of consent: grant, a home's view, publishing). */
export function createVideosApi(deps: { repo: VideosRepo; lookup: VideoLookup }) {
  const { repo, lookup } = deps;
  return {
    /** Whether this person may see (and hand on) the video: its owner or a holder of its access code. */
    async maySee(videoId: number, userId: number, tx?: DbOrTx): Promise<boolean> {
      const row = await repo.withOpening(videoId, userId, tx);
      return row !== null && maySeeVideo(row, userId);
    },

    /** Whose the video is and its folder (a final message is gated by its release); null when gone. */
    async ownerAndFolder(
      videoId: number,
      tx?: DbOrTx,
    ): Promise<{ ownerId: number; folder: VideoFolder } | null> {
      const video = await repo.findById(videoId, tx);
      return video ? { ownerId: video.ownerId, folder: video.folder } : null;
    },

    /** The final video an access code was handed out for (its owner active); null when none has it. */
    async finalByAccessCode(code: string, tx?: DbOrTx): Promise<{ videoId: number; ownerId: number } | null> {
      const view = code ? await repo.finalByAccessCode(normaliseCode(code), 0, tx) : null;
      return view ? { videoId: view.video.id, ownerId: view.video.ownerId } : null;
    },

    /** The video as someone it was handed to sees it (signed, expiring media URLs); null when gone. */
    async viewFor(videoId: number, viewerId: number, tx?: DbOrTx): Promise<Video | null> {
      const view = await repo.view(videoId, viewerId, tx);
      return view ? lookup.json(view, viewerId) : null;
    },

    /**
     * Makes the video public (one-way, as the owner's own publishing: findable by its search code, in the
     * reel). Publishing a public video again changes nothing. Only a processed video can be published.
     */
    async publish(videoId: number, tx?: DbOrTx): Promise<void> {
      const video = await repo.findById(videoId, tx);
      if (!video) throw notFound(NOT_FOUND_MESSAGE);
      if (video.isPrivate === 0) return;
      if (video.state !== 'ready') throw invalid('video', notPublishable(video.state));
      await repo.update(videoId, { isPrivate: 0 }, tx);
    },
  };
}

export type VideosApi = ReturnType<typeof createVideosApi>;
