import { FOLDER_OCCUPIED_MESSAGE, type Video } from '@pw/contracts';
import type { DbOrTx } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { VideoRow, VideoView, VideosRepo } from './videos.repo';
import { toVideoJson } from './videos.view';

export const NOT_FOUND_MESSAGE = 'Video not found.';

/** Why a video that is not `ready` cannot be published (the owner's publishing and a home's). */
export function notPublishable(state: VideoRow['state']): string {
  return state === 'failed'
    ? 'This video could not be processed and cannot be published.'
    : 'The video is still being processed. Please publish it once it is ready.';
}

/**
 * Reading videos as their owner or a viewer sees them: the JSON and the final folder. Its needs are named
 * here rather than taken from the service's deps, which hold the access check that reads this file.
 */
export function createVideoLookup({
  repo,
  clock,
  secret,
}: {
  repo: VideosRepo;
  clock: Clock;
  secret: string;
}) {
  const json = (view: VideoView, viewerId: number, showCreatorEmail = false): Video =>
    toVideoJson(view, { viewerId, secret, now: clock.now(), showCreatorEmail });

  return {
    json,

    async viewOf(id: number, viewerId: number, tx?: DbOrTx): Promise<Video> {
      const view = await repo.view(id, viewerId, tx);
      if (!view) throw notFound(NOT_FOUND_MESSAGE);
      return json(view, viewerId);
    },

    /** One video in "My Parting Words": the 409 when another one is there already. */
    async finalOccupied(ownerId: number, exceptId?: number, tx?: DbOrTx) {
      const existing = await repo.finalOf(ownerId, tx);
      if (existing && existing.id !== exceptId) throw conflict(FOLDER_OCCUPIED_MESSAGE);
    },
  };
}

export type VideoLookup = ReturnType<typeof createVideoLookup>;
