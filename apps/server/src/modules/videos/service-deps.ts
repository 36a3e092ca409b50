import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { MediaTools } from '../../platform/media/media';
import type { Storage } from '../../platform/storage/storage';
import type { ReleaseOfOwner, VideoAccess } from './access';
import type { VideoPayments } from './payments-hook';
import type { DeliveryScheduler } from './scheduler';
import type { UploadStore } from './uploads';
import type { VideoJobs } from './conversion';
import type { VideosRepo } from './videos.repo';

/** What the video services work with, built once by the module's index.ts. */
export interface VideoServiceDeps {
  db: Db;
  repo: VideosRepo;
  storage: Storage;
  media: MediaTools;
  clock: Clock;
  scheduler: DeliveryScheduler;
  payments: VideoPayments;
  jobs: VideoJobs;
  uploads: UploadStore;
  secret: string;
  /** Whether an owner's final message is released (the legacy module's). */
  releaseOf: ReleaseOfOwner;
  logger: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/** The services' parts: the deps and the one access check (access.ts) every service asks first. */
export type VideoServiceParts = VideoServiceDeps & { access: VideoAccess };

/** Who acts: the signed-in user. */
export interface Actor {
  id: number;
}
