import { handle } from '../../platform/jobs';
import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { readOnlyView } from '../../platform/db/read-only';
import type { VideosApi } from '../videos';
import { createCaptionsRepo } from './captions.repo';
import { captionsSweepQueue, createCaptionsSweep } from './captions.queue';
import { registerCaptionsRoutes } from './captions.routes';
import { captionTracks } from './captions.schema';
import { createCaptionsService } from './captions.service';

/** Its table as other modules read and join it: a read-only view (decision 0310). */
export const captionTracksView = readOnlyView(captionTracks, 'caption_tracks');
export { captionsSweepQueue } from './captions.queue';
export { CAPTION_KEY_PREFIX } from './captions.repo';
export { captionLinksOf, sharedCaptionsOf, sharedTrack, type SharedCaption } from './captions.shared';

export interface CaptionsNeeds {
  /** The videos module's access check: a track belongs to the video, and only its owner writes it. */
  videos: Pick<VideosApi['access'], 'require'>;
}

export interface CaptionsApi {
  /** One sweep of caption files left without their track, now (tests move the clock and call it). */
  sweep(): Promise<number>;
}

/** A video's caption tracks (docs/product.md §4.7): the owner's calls, and the sweep of files left over. */
export function createCaptionsModule(platform: Platform, needs: CaptionsNeeds): AppModule<CaptionsApi> {
  const { db, storage, clock, logger } = platform;
  const repo = createCaptionsRepo(db);
  const service = createCaptionsService({ db, repo, storage, clock, logger, videos: needs.videos });
  const sweep = createCaptionsSweep({ repo, storage, clock, logger });
  return {
    name: 'captions',
    routes: (router) => registerCaptionsRoutes(router, service),
    queues: [captionsSweepQueue],
    handlers: [handle(captionsSweepQueue, () => sweep().then(() => undefined))],
    api: { sweep },
  };
}
