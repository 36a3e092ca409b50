import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import { openDatabase, type Database, type Db } from './db';
import { systemClock, type Clock } from './clock';
import { createMailer, type Mailer } from './mail/mailer';
import { createLocalStorage } from './storage/local-storage';
import { createS3Storage } from './storage/s3-storage';
import { createMediaTools, type MediaTools } from './media/media';
import type { Storage } from './storage/storage';
import { createRateLimiter, type RateLimiter } from './rate-limit/rate-limit';
import { resolveAppSecret } from './secrets';
import { startQueue, type PgBoss } from './queue';
import { createEventBus, type EventBus } from './events/events';
import { createSessionStore, type SessionStore } from '../modules/accounts/sessions';
import { createAuthGuard, type AuthGuard } from '../modules/accounts/auth.guard';
import { createNotifications, type Notifications } from '../modules/notifications/notifications.service';
import { createDeliveryService, type DeliveryService } from '../modules/delivery/delivery.service';
import type { DeliveryScheduler } from '../modules/videos/scheduler';
import { noVideoPayments, type VideoPayments } from '../modules/videos/payments-hook';

/** Everything with a side effect, built once and handed to the modules (tests build their own). */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  storage: Storage;
  rateLimiter: RateLimiter;
  sessions: SessionStore;
  auth: AuthGuard;
  /** Events between features (e.g. `account.created` → admin notifications); see platform/events. */
  events: EventBus;
  /** pg-boss: every process sends jobs; workers (ROLE=worker|all) also run them. */
  queue: PgBoss;
  /** Signs media URLs and other short-lived links. */
  secret: string;
  logger: FastifyBaseLogger;
  /** `notify(userIds | { role }, { kind, title, body, data?, email? }, tx?)`: every module's notifications. */
  notifications: Notifications;
  /** Scheduled delivery: the video service's DeliveryScheduler (`schedule`, `cancel`), watch page, status. */
  delivery: DeliveryService;
  /** ffmpeg/ffprobe: FFMPEG_PATH/FFPROBE_PATH, else the system pair on the PATH, else the npm-bundled one. */
  media: MediaTools;
  /** What the video service calls on schedule changes: `delivery` (modules/videos/scheduler.ts). */
  deliveryScheduler: DeliveryScheduler;
  /** Extra video length bought with a payment; the payments module replaces the default. */
  videoPayments: VideoPayments;
}

type Overridable =
  'clock' | 'mailer' | 'storage' | 'database' | 'media' | 'deliveryScheduler' | 'videoPayments';

function createStorage(config: AppConfig): Storage {
  if (config.STORAGE === 's3') {
    return createS3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    });
  }
  return createLocalStorage(path.join(config.DATA_DIR, 'media'));
}

export async function createDeps(
  config: AppConfig,
  logger: FastifyBaseLogger,
  overrides: Partial<Pick<AppDeps, Overridable>> = {},
): Promise<AppDeps> {
  // First: a bad stored secret stops the start before anything is opened.
  const secret = resolveAppSecret(config.APP_SECRET, config.DATA_DIR);
  const database =
    overrides.database ??
    (await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'db') }));
  const clock = overrides.clock ?? systemClock;
  const sessions = createSessionStore(database.db, clock);
  const queue = await startQueue(database, logger, { supervise: config.ROLE !== 'api' });
  const notifications = await createNotifications({ db: database.db, queue, clock });
  const delivery = await createDeliveryService({
    db: database.db,
    queue,
    clock,
    secret,
    publicUrl: config.PUBLIC_URL,
  });
  return {
    config,
    database,
    db: database.db,
    clock,
    mailer:
      overrides.mailer ??
      createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        outboxDir: path.join(config.DATA_DIR, 'outbox'),
        logger,
      }),
    storage: overrides.storage ?? createStorage(config),
    rateLimiter: createRateLimiter(database.db, clock),
    queue,
    sessions,
    auth: createAuthGuard(sessions),
    events: createEventBus(logger),
    secret,
    logger,
    notifications,
    delivery,
    media:
      overrides.media ??
      createMediaTools({ ffmpegPath: config.FFMPEG_PATH, ffprobePath: config.FFPROBE_PATH }),
    // The delivery module's scheduler (createRowOnlyScheduler remains for tests that want none).
    deliveryScheduler: overrides.deliveryScheduler ?? delivery,
    videoPayments: overrides.videoPayments ?? noVideoPayments,
  };
}
