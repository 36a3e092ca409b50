import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import { openDatabase, type Database, type Db } from './db';
import { systemClock, type Clock } from './clock';
import { createMailer, type Mailer } from './mail/mailer';
import { storedObjects } from './storage/stored-objects';
import { createMailOutbox, type MailOutbox } from './mail/outbox';
import { createReturnPaths, type ReturnPaths } from './mail/verp';
import { createMediaTools, type MediaTools } from './media/media';
import { resolveBinaries } from './media/binaries';
import { createSvgRasterizer, type SvgRasterizer } from './media/svg-raster';
import type { Storage } from './storage/storage';
import { createRateLimiter, type RateLimiter } from './rate-limit/rate-limit';
import { createOutboundMailLimit, type OutboundMailLimit } from './rate-limit/outbound-mail';
import { resolveAppSecret, resolveMediaKeyring } from './secrets';
import { createEncryptedStorage } from './storage/encrypted-storage';
import { checkMediaKeys } from './storage/media-key-check';
import { settlePlaintextPolicy, type PlaintextPolicy } from './storage/plaintext-policy';
import { createObjectRecords, createRecordingStorage, type ObjectRecords } from './storage/object-records';
import { startQueue, type PgBoss } from './queue';
import { createEventBus, type EventBus } from './events/events';
import type { PaymentProvider } from './payments/provider';
import { createSandboxPaymentProvider } from './payments/sandbox';

/**
 * The shared parts with a side effect, built once by the composition root (src/composition.ts) and
 * handed to every module; tests build their own through the same root. Nothing here knows a module.
 */
export interface Platform {
  config: AppConfig;
  database: Database;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** The one way an e-mail is sent: its row in `mail_outbox`, then the mailer (mail/outbox.ts). */
  outbox: MailOutbox;
  /** Records each object's size and SHA-256 as it is written; the integrity sweep checks against them. */
  storage: Storage;
  /** Those records (`stored_objects`) and what the integrity checks found (decision 0340). */
  objects: ObjectRecords;
  rateLimiter: RateLimiter;
  /** The one limit on e-mails an account makes the platform send to other people (rate-limit/outbound-mail). */
  mailLimit: OutboundMailLimit;
  /** Events between modules (e.g. `account.created` → admin notifications); see platform/events. */
  events: EventBus;
  /** pg-boss: every process sends jobs; workers (ROLE=worker|all) also run them. */
  queue: PgBoss;
  /** Each mail's signed envelope sender, and reading one back from a bounce report (mail/verp.ts). */
  returnPaths: ReturnPaths;
  /** Signs media URLs and other short-lived links. */
  secret: string;
  logger: FastifyBaseLogger;
  /** ffmpeg/ffprobe: FFMPEG_PATH/FFPROBE_PATH, else the system pair on the PATH, else the npm-bundled one. */
  media: MediaTools;
  /** Draws uploaded SVG images as PNG with the same ffmpeg (decision 0275). */
  svg: SvgRasterizer;
  /** PAYMENT_PROVIDER: the embedded sandbox (the only one until a real provider is added; decision 0155). */
  payments: PaymentProvider;
}

/** What tests and the bench may replace. */
export type PlatformOverrides = Partial<
  Pick<Platform, 'clock' | 'mailer' | 'storage' | 'database' | 'media' | 'payments'>
>;

/**
 * Every storage encrypts what it holds (decision 0296); the keyring is resolved once, at start. The
 * check runs once the database is open: stored media under a key not configured stops the start.
 */
function createStorage(config: AppConfig, logger: FastifyBaseLogger) {
  const keyring = resolveMediaKeyring(config.MEDIA_KEY, config.MEDIA_KEYS_OLD, config.DATA_DIR);
  const stored = storedObjects(config);
  // Served until the database says every object is encrypted (read at start, below).
  const plaintext: PlaintextPolicy = { refused: false };
  const onPlaintext = (key: string) =>
    logger.error({ key }, 'damaged media: an object without encryption where every object is encrypted');
  return {
    storage: createEncryptedStorage(stored.storage, keyring, { plaintext, onPlaintext }),
    async check(db: Db) {
      await checkMediaKeys({ db, keyring, inner: stored.storage, keys: stored.keys, logger });
      plaintext.refused = await settlePlaintextPolicy(db, stored.keys);
    },
  };
}

function createPaymentProvider(config: AppConfig, clock: Clock): PaymentProvider {
  switch (config.PAYMENT_PROVIDER) {
    case 'sandbox':
      return createSandboxPaymentProvider(clock);
  }
}

export async function createPlatform(
  config: AppConfig,
  logger: FastifyBaseLogger,
  overrides: PlatformOverrides = {},
): Promise<Platform> {
  // First: a bad stored secret stops the start before anything is opened.
  const secret = resolveAppSecret(config.APP_SECRET, config.DATA_DIR);
  const configured = overrides.storage ? null : createStorage(config, logger);
  const sealed = overrides.storage ?? configured!.storage;
  const database =
    overrides.database ??
    (await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'db') }));
  // A storage a test hands in is its own business; the configured one is checked (decision 0296).
  if (configured)
    await configured.check(database.db).catch(async (error: unknown) => {
      if (!overrides.database) await database.close();
      throw error;
    });
  const clock = overrides.clock ?? systemClock;
  const objects = createObjectRecords(database.db);
  const storage = createRecordingStorage(sealed, objects, clock);
  const queue = await startQueue(database, logger, { supervise: config.ROLE !== 'api' });
  const rateLimiter = createRateLimiter(database.db, clock);
  const mailer =
    overrides.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.DATA_DIR, 'outbox'),
      logger,
    });
  const returnPaths = createReturnPaths(secret, config.MAIL_FROM);
  return {
    config,
    database,
    db: database.db,
    clock,
    mailer,
    outbox: createMailOutbox({ db: database.db, mailer, clock, publicUrl: config.PUBLIC_URL, returnPaths }),
    returnPaths,
    storage,
    objects,
    rateLimiter,
    mailLimit: createOutboundMailLimit(rateLimiter, logger),
    queue,
    events: createEventBus(logger),
    secret,
    logger,
    media:
      overrides.media ??
      createMediaTools({ ffmpegPath: config.FFMPEG_PATH, ffprobePath: config.FFPROBE_PATH }),
    svg: createSvgRasterizer(
      resolveBinaries({ ffmpegPath: config.FFMPEG_PATH, ffprobePath: config.FFPROBE_PATH }).ffmpeg,
    ),
    payments: overrides.payments ?? createPaymentProvider(config, clock),
  };
}
