import type { ReleaseState, Video } from '@pw/contracts';
import type { DbOrTx } from '../../platform/db';
import { invalid, notFound } from '../../platform/errors';
import { isActiveAccount } from '../accounts';
import { NOT_FOUND_MESSAGE, notPublishable, type VideoLookup } from './video-lookup';
import type { VideoRow, VideosRepo } from './videos.repo';
import type { VideoFolder } from './videos.schema';
import { normaliseCode } from './codes';

/**
 * What a person may do with a video (decision 0311):
 * - `video.own`: change, move, publish, merge or delete it: its owner only;
 * - `video.read`: see it beyond the public reel and hand it on (grant access, a watch link): its owner,
 *   or a person who opened it with its access code while that code still opens it (docs/product.md §6.7);
 * - `video.like`: like it: its owner, or anyone signed in while it is public, processed and its owner
 *   active (what the reel shows).
 */
export type VideoPermission = 'video.own' | 'video.read' | 'video.like';

/** Whether an owner's final message is released (the legacy module's, asked at request time). */
export type ReleaseOfOwner = (
  ownerId: number,
  tx?: DbOrTx,
) => Promise<{ state: ReleaseState; released: boolean }>;

interface AccessOptions {
  /** Lock the row for the caller's transaction (`video.own` only: the row about to change). */
  lock?: boolean;
  tx?: DbOrTx;
}

/**
 * The videos' one access check, in the shape of Immich's `requireAccess`: every service asks it first and
 * gets the row, or the 404 that says nothing about whether the video exists (the same answer for
 * someone else's video as for a missing one).
 */
export function createVideoAccess(deps: { repo: VideosRepo; releaseOf: ReleaseOfOwner }) {
  const { repo, releaseOf } = deps;

  /**
   * `video.read`: its owner, or a person who opened it with its access code while it is still the owner's
   * final video, and only once the message is released or its owner chose that the code opens it at once
   * (decision 0249): an opening recorded before the owner sealed it again counts for nothing while sealed.
   * While the owner's account is deactivated nobody may, not even through the owner's own grants (their
   * own sessions are refused anyway).
   */
  async function readable(videoId: number, userId: number, tx?: DbOrTx): Promise<VideoRow | null> {
    const row = await repo.withOpening(videoId, userId, tx);
    if (!row || !isActiveAccount({ status: row.ownerStatus })) return null;
    if (row.video.ownerId === userId) return row.video;
    if (!row.opened || row.video.folder !== 'final' || row.video.accessCode === null) return null;
    return (await releaseOf(row.video.ownerId, tx)).released ? row.video : null;
  }

  /**
   * What a grant made by someone whose account is gone rests on: the owner's released final message
   * (a code holder's right without the opening, which went with their account). The owner's own grants
   * go with the video when the owner's account is deleted, so a granterless grant is a code holder's.
   */
  async function releasedFinal(videoId: number, tx?: DbOrTx): Promise<boolean> {
    const row = await repo.withOpening(videoId, 0, tx);
    if (!row || !isActiveAccount({ status: row.ownerStatus })) return false;
    if (row.video.folder !== 'final' || row.video.accessCode === null) return false;
    return (await releaseOf(row.video.ownerId, tx)).released;
  }

  /** `video.like`: public videos of deactivated accounts are neither shown nor liked. */
  async function likeable(videoId: number, userId: number, tx?: DbOrTx): Promise<VideoRow | null> {
    const view = await repo.view(videoId, userId, tx);
    if (!view) return null;
    const { video } = view;
    const visible =
      video.ownerId === userId ||
      (video.isPrivate === 0 && video.state === 'ready' && isActiveAccount(view.creator));
    return visible ? video : null;
  }

  async function find(
    actor: { id: number },
    permission: VideoPermission,
    id: number,
    { lock = false, tx }: AccessOptions = {},
  ): Promise<VideoRow | null> {
    switch (permission) {
      case 'video.own':
        return repo.findOwned(id, actor.id, lock, tx);
      case 'video.read':
        return readable(id, actor.id, tx);
      case 'video.like':
        return likeable(id, actor.id, tx);
    }
  }

  return {
    /** Whether the person may (for other modules' yes/no questions, e.g. a watch link still working). */
    async check(actor: { id: number }, permission: VideoPermission, id: number, tx?: DbOrTx) {
      return (await find(actor, permission, id, { tx })) !== null;
    },

    /**
     * Whether a grant still holds (a watch link opens, a home sees the video): while its granter may read
     * the video, or, once the granter's account is deleted (null), while the message stays released.
     */
    async grantHolds(granterId: number | null, videoId: number, tx?: DbOrTx): Promise<boolean> {
      if (granterId === null) return releasedFinal(videoId, tx);
      return (await find({ id: granterId }, 'video.read', videoId, { tx })) !== null;
    },

    /** The video when the person may, else the 404 "Video not found." */
    async require(actor: { id: number }, permission: VideoPermission, id: number, options?: AccessOptions) {
      const video = await find(actor, permission, id, options);
      if (!video) throw notFound(NOT_FOUND_MESSAGE);
      return video;
    },

    /** `video.own` of several at once (one query), in the order asked; one missing is the 404. */
    async requireAllOwned(actor: { id: number }, ids: number[], tx?: DbOrTx): Promise<VideoRow[]> {
      const byId = new Map((await repo.findManyOwned(ids, actor.id, tx)).map((row) => [row.id, row]));
      return ids.map((id) => {
        const row = byId.get(id);
        if (!row) throw notFound(NOT_FOUND_MESSAGE);
        return row;
      });
    },
  };
}

export type VideoAccess = ReturnType<typeof createVideoAccess>;
/** The yes/no half, for a module built before videos that asks it at request time (delivery). */
export type VideoAccessCheck = Pick<VideoAccess, 'check' | 'grantHolds'>;

/** What other modules may do with videos (the chain of consent: grant, a home's view, publishing). */
export function createVideosApi(deps: { repo: VideosRepo; lookup: VideoLookup; access: VideoAccess }) {
  const { repo, lookup, access } = deps;
  return {
    /** The one access check (decision 0311): `check` for a yes/no, `require` for the row or the 404. */
    access: { check: access.check, require: access.require, grantHolds: access.grantHolds },

    /** Whose the video is and its folder (a final message is gated by its release); null when gone. */
    async ownerAndFolder(
      videoId: number,
      tx?: DbOrTx,
    ): Promise<{ ownerId: number; folder: VideoFolder } | null> {
      const video = await repo.findById(videoId, tx);
      return video ? { ownerId: video.ownerId, folder: video.folder } : null;
    },

    /** What a job working on the video's file reads: its owner, its state and its stored media; null when gone. */
    async media(
      videoId: number,
      tx?: DbOrTx,
    ): Promise<{ ownerId: number; state: VideoRow['state']; mediaKey: string | null } | null> {
      const video = await repo.findById(videoId, tx);
      return video ? { ownerId: video.ownerId, state: video.state, mediaKey: video.mediaKey } : null;
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
