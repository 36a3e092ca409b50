import { loadConfig, ConfigError } from './platform/config';
import { compose, startWorkers } from './composition';
import { createLogger, logDestination } from './platform/logging/logger';
import { buildApp } from './app';
import { lockForServer } from './platform/owner/server-lock';
import { commandHandler } from './platform/owner/admin-socket';

/** A configuration problem (a bad variable, an empty secret file) ends the start with its message. */
async function orStop<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Reads configuration, builds the app and starts the API and/or the job workers by ROLE. */
async function main() {
  // Everything the server creates (database, media, uploads in flight, conversions, outbox, secrets) is
  // its own user's only: another account on the host reads none of it, whatever a library's default mode.
  process.umask(0o077);
  const config = await orStop(() => loadConfig());
  // First: a second process on the same embedded database stops here, before it opens anything.
  const lock = await orStop(() => lockForServer(config));
  const logger = createLogger(config.LOG_LEVEL, logDestination());
  const composition = await orStop(() => compose(config, logger));
  const deps = composition.platform;
  // Which ffmpeg/ffprobe pair runs; a warning for the bundled pair or two builds
  // (docs/operations.md §Video tools).
  const tools = await deps.media.describe();
  logger.info({ ffmpeg: tools.ffmpeg, ffprobe: tools.ffprobe }, tools.summary);
  for (const warning of tools.warnings) logger.warn(warning);
  // Automatic captions, in one line: ready with which model, not set up, or refused and why.
  const recognition = composition.recognition;
  if (recognition.status === 'ready')
    logger.info(
      { ASR_MODEL_DIR: config.ASR_MODEL_DIR, model: recognition.files },
      'automatic captions: ready',
    );
  else if (recognition.status === 'refused')
    logger.error(
      { ASR_MODEL_DIR: config.ASR_MODEL_DIR },
      `automatic captions: refused: ${recognition.message}`,
    );
  else
    logger.info(
      { ASR_MODEL_DIR: config.ASR_MODEL_DIR ?? null },
      `automatic captions: not set up${recognition.detail ? ` (${recognition.detail})` : ''}`,
    );
  await composition.accounts.ensureFirstAdmin();
  // A new POLICY_VERSION is noticed here, once for all processes; the workers' duty tells the accounts.
  await composition.policy.recordVersion();
  // Named at every start: a demo setting left on would release final messages days too early.
  const waitUnit = config.LEGACY_WAIT_UNIT;
  const unitName = { day: 'days', minute: 'minutes', 'ten-seconds': 'tens of seconds' }[waitUnit];
  (waitUnit === 'day' ? logger.info.bind(logger) : logger.warn.bind(logger))(
    { LEGACY_WAIT_UNIT: waitUnit },
    `legacy release: waiting periods, check-ins and reminders count in ${unitName}`,
  );

  // A resumable upload's parts stay on the disk of the process that took them unless storage is shared.
  if (config.ROLE === 'api' && config.STORAGE === 'local')
    logger.warn(
      { STORAGE: 'local', DATA_DIR: config.DATA_DIR },
      'resumable uploads are kept in DATA_DIR/media/uploads: run one API process, or give every API process one shared DATA_DIR (or STORAGE=s3)',
    );

  const stops: Array<() => Promise<void>> = [];
  if (config.ROLE !== 'api') stops.push(await startWorkers(composition));
  if (config.ROLE !== 'worker') {
    const app = await buildApp(composition, { serveWeb: true });
    await app.listen({ port: config.PORT, host: config.HOST });
    stops.push(() => app.close());
    logger.info(`Parting Words is running on ${config.PUBLIC_URL}`);
  }
  // The operator commands run here while the server owns the embedded database (decision 0380).
  lock?.serve(commandHandler(deps, logger));

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    for (const stop of stops.reverse())
      await stop().catch((error) => logger.error({ err: error }, 'stop failed'));
    await deps.queue.stop({ graceful: true, wait: true, timeout: 10_000 });
    deps.mailer.close();
    await deps.database.close();
    await lock?.release();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
