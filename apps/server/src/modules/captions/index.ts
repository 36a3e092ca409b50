import { handle } from '../../platform/jobs';
import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { readOnlyView } from '../../platform/db/read-only';
import type { DbTx } from '../../platform/db';
import type { RecognizerLoad } from '../../platform/media/recognizer';
import type { CaptionsVideos } from './captions.videos';
import { createAutomaticCaptions } from './captions.automatic';
import { createCaptionsRepo } from './captions.repo';
import { captionsRecognizeQueue, captionsSweepQueue, createCaptionsSweep } from './captions.queue';
import { registerCaptionsRoutes } from './captions.routes';
import { captionTracks } from './captions.schema';
import { createCaptionsService } from './captions.service';

/** Its table as other modules read and join it: a read-only view (decision 0310). */
export const captionTracksView = readOnlyView(captionTracks, 'caption_tracks');
export { captionsRecognizeQueue, captionsSweepQueue } from './captions.queue';
export { CAPTION_KEY_PREFIX } from './captions.repo';
export { captionLinksOf, sharedCaptionsOf, sharedTrack, type SharedCaption } from './captions.shared';

export interface CaptionsNeeds {
  /** The videos module's access check (only a video's owner writes its tracks) and its stored media. */
  videos: CaptionsVideos;
  /** Where a job's decrypted copy of the video and its sound live while it runs (the videos' DATA_DIR/tmp). */
  tempDir: string;
  /** The recognizer the start loaded (or why there is none): automatic captions run only when it is ready. */
  recognition: RecognizerLoad;
}

export interface CaptionsApi {
  /** One sweep of caption files left without their track, now (tests move the clock and call it). */
  sweep(): Promise<number>;
  /**
   * Queues a video's automatic captions in the transaction that made its new media ready (the videos
   * module's `mediaReady`); nothing when no recognizer is installed.
   */
  mediaReady(videoId: number, tx: DbTx): Promise<void>;
  /** Whether this server writes captions by itself. */
  automaticAvailable: boolean;
}

/** A video's caption tracks (docs/product.md §4.7): the owner's calls, automatic captions, and the sweep. */
export function createCaptionsModule(platform: Platform, needs: CaptionsNeeds): AppModule<CaptionsApi> {
  const { db, storage, clock, logger } = platform;
  const repo = createCaptionsRepo(db);
  const service = createCaptionsService({ db, repo, storage, clock, logger, videos: needs.videos });
  const sweep = createCaptionsSweep({ repo, storage, clock, logger });
  const automatic = createAutomaticCaptions({
    db,
    repo,
    storage,
    media: platform.media,
    clock,
    queue: platform.queue,
    logger,
    videos: needs.videos,
    recognition: needs.recognition,
    tmpDir: needs.tempDir,
  });
  return {
    name: 'captions',
    routes: (router) => registerCaptionsRoutes(router, service, automatic),
    queues: [captionsSweepQueue, captionsRecognizeQueue],
    handlers: [
      handle(captionsSweepQueue, () => sweep().then(() => undefined)),
      handle(captionsRecognizeQueue, (job) => automatic.run(job.data.videoId, job.lastAttempt)),
    ],
    api: { sweep, mediaReady: automatic.queue, automaticAvailable: automatic.available },
  };
}
