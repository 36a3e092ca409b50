import type { AccessGuard } from '../../platform/http/route';
import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { createVideoAccess, createVideosApi, type ReleaseOfOwner, type VideosApi } from './access';
import type { VideoPayments } from './payments-hook';
import type { DeliveryScheduler } from './scheduler';
import { createStoredUploadStore, registerTusRoutes, removeTempLeftovers, videoTempDir } from './uploads';
import {
  createVideoJobs,
  videoHandlers,
  videoProcessQueue,
  videoStuckSweepQueue,
  videoTakeOverQueue,
  videoUploadSweepQueue,
  type MediaReady,
  type VideoWorkerOptions,
} from './conversion';
import { createVideosRepo } from './videos.repo';
import { registerVideoRoutes } from './videos.routes';
import { createVideoService } from './videos.service';
import { createVideoLookup } from './video-lookup';
import { readOnlyView } from '../../platform/db/read-only';
import { videos, videoCodeOpenings, videoLikes } from './videos.schema';

/** Its tables as other modules read and join them: read-only views (decision 0310). */
export const videosView = readOnlyView(videos, 'videos');
export const videoLikesView = readOnlyView(videoLikes, 'video_likes');
export const videoCodeOpeningsView = readOnlyView(videoCodeOpenings, 'video_code_openings');

export type { DeliveryScheduler, ScheduleOnVideo } from './scheduler';
export { invalidPayment, noVideoPayments, type VideoPayments } from './payments-hook';
export type { MediaReady, VideoWorkerOptions } from './conversion';
/** The temporary folder whose leftovers every start removes: other modules' media jobs work there too. */
export { videoTempDir } from './uploads';
/** The `HH:MM:SS` of a length, as the video JSON shows it (delivery's e-mails show it too). */
export { formatDuration } from './videos.view';
export { codeLookupRule } from './videos.limits';
export type { VideoAccessCheck, VideoPermission, VideosApi } from './access';

/** What the videos module calls in other modules, handed in by the composition root. */
export interface VideosNeeds {
  /** Told whenever a video enters, changes or leaves the scheduled folder (the delivery module). */
  deliveryScheduler: DeliveryScheduler;
  /** Extra length bought with a payment (the payments module, once it exists). */
  videoPayments: VideoPayments;
  /** Accounts' guard of a route's access: the tus routes are not declared, so they ask for it. */
  guardFor: AccessGuard;
  /** Whether an owner's final message is released (the legacy module, built after videos). */
  releaseOf: ReleaseOfOwner;
  /** Told when a video's new media is ready, in that transaction (the captions module, built after videos). */
  mediaReady?: MediaReady;
}

/** Videos: upload, conversion, folders, codes, merging, the reel, and their schedules. */
export function createVideosModule(
  platform: Platform,
  needs: VideosNeeds,
  tuning: () => VideoWorkerOptions | undefined,
): AppModule<VideosApi> {
  const { db, config, clock, logger } = platform;
  const repo = createVideosRepo(db);
  const access = createVideoAccess({ repo, releaseOf: needs.releaseOf });
  const jobs = createVideoJobs(platform.queue, db);
  // Resumable uploads live in the media storage: encrypted like every object, and with an object store
  // any API process takes any of their requests.
  const uploads = createStoredUploadStore(platform.storage, repo, videoTempDir(config.DATA_DIR));
  const service = createVideoService({
    db,
    repo,
    storage: platform.storage,
    media: platform.media,
    clock,
    scheduler: needs.deliveryScheduler,
    payments: needs.videoPayments,
    jobs,
    uploads,
    secret: platform.secret,
    logger,
    releaseOf: needs.releaseOf,
  });
  const worker = videoHandlers(
    {
      db,
      repo,
      storage: platform.storage,
      media: platform.media,
      jobs,
      payments: needs.videoPayments,
      tmpDir: videoTempDir(config.DATA_DIR),
      logger,
      queue: platform.queue,
      uploads,
      clock,
      dataDir: config.DATA_DIR,
      database: platform.database,
      mediaReady: needs.mediaReady,
    },
    tuning,
  );
  return {
    name: 'videos',
    routes: async (router, app) => {
      // An API process cleans up after crashed ones on start too (uploads in flight use DATA_DIR/tmp).
      await removeTempLeftovers(config.DATA_DIR, clock, logger);
      registerVideoRoutes(router, {
        service,
        rateLimiter: platform.rateLimiter,
        maxUploadBytes: config.UPLOAD_MAX_BYTES,
      });
      await registerTusRoutes(app, {
        uploads,
        repo,
        db,
        clock,
        maxBytes: config.UPLOAD_MAX_BYTES,
        userGuard: needs.guardFor(['user'])!,
        logger,
      });
    },
    queues: [videoProcessQueue, videoStuckSweepQueue, videoTakeOverQueue, videoUploadSweepQueue],
    ...worker,
    api: createVideosApi({
      repo,
      access,
      lookup: createVideoLookup({ repo, clock, secret: platform.secret }),
    }),
  };
}
