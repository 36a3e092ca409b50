import pg from 'pg';
import pRetry from 'p-retry';
import type { FastifyBaseLogger } from 'fastify';

/** A PostgreSQL connection of its own that holds session-level locks, and takes them again after a drop. */
export interface HeldConnection {
  /** The live connection, or null while it is being re-established. */
  readonly client: pg.Client | null;
  close(): Promise<void>;
}

export interface HeldConnectionOptions {
  url: string;
  /** Its name in `pg_stat_activity`, so an operator can tell what it holds. */
  applicationName: string;
  /** What the log lines call it, e.g. 'delivery worker liveness'. */
  what: string;
  logger: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /** Takes the locks on a new connection (the first one and every one after a drop). */
  onConnect(client: pg.Client): Promise<void>;
  /** The connection dropped: its locks are gone until `onConnect` ran again. */
  onLost?(): void;
}

/**
 * Opens the connection (a failure of the first attempt is thrown) and keeps it: when it drops while the
 * process lives, it is opened again, one second after the drop and then at growing intervals up to 30 s,
 * until it works or `close()` is called.
 */
export async function holdConnection(options: HeldConnectionOptions): Promise<HeldConnection> {
  const { logger, what } = options;
  let client: pg.Client | null = null;
  const closing = new AbortController();

  const connect = async () => {
    const next = new pg.Client({
      connectionString: options.url,
      keepAlive: true,
      application_name: options.applicationName,
    });
    next.on('error', (error) => {
      if (closing.signal.aborted || client !== next) return;
      logger.error({ err: error }, `${what}: connection lost; reconnecting`);
      client = null;
      options.onLost?.();
      void next.end().catch(() => undefined);
      void reconnect();
    });
    try {
      await next.connect();
      await options.onConnect(next);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
  };
  const reconnect = () =>
    pRetry(connect, {
      retries: Infinity,
      minTimeout: 1000,
      maxTimeout: 30_000,
      signal: closing.signal,
      unref: true,
      onFailedAttempt: ({ error }) => logger.warn({ err: error }, `${what}: reconnect failed`),
    }).then(
      () => logger.info(`${what}: restored`),
      () => undefined, // closed meanwhile
    );

  await connect();
  return {
    get client() {
      return client;
    },
    async close() {
      closing.abort();
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
