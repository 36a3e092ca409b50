import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { holdConnection } from '../../platform/db/held-connection';

/** Advisory-lock namespace of conversions in progress ('PWV1'); the second key is the video's id. */
export const CONVERSION_NAMESPACE = 0x50575631;

/**
 * Proof that a conversion is still being worked on: while a worker converts a video it holds the
 * session-level advisory lock `(CONVERSION_NAMESPACE, videoId)` on a connection of its own. PostgreSQL
 * drops the lock the moment that connection dies (process killed, machine gone), so another worker can
 * tell a running conversion from an abandoned one at once instead of waiting for the job's expiry, which
 * has to outlast the longest conversion (docs/decisions/0035).
 */
export interface ConversionClaims {
  /** Marks the video as being converted here. False if another live process already holds it. */
  hold(videoId: number): Promise<boolean>;
  release(videoId: number): Promise<void>;
  close(): Promise<void>;
}

/** True when no live process holds the conversion lock of the video `videoId` (an SQL integer). */
export const conversionAbandoned = (videoId: SQL): SQL => sql`not exists (
  select 1 from pg_locks l
  where l.locktype = 'advisory'
    and l.database = (select oid from pg_database where datname = current_database())
    and l.classid = ${sql.raw(String(CONVERSION_NAMESPACE))}::oid
    and l.objid = (${videoId})::oid
    and l.objsubid = 2
    and l.granted)`;

type Run = (text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

const lockSql = 'select pg_try_advisory_lock($1::int, $2::int) as ok';
const unlockSql = 'select pg_advisory_unlock($1::int, $2::int)';

export async function openConversionClaims(
  database: Database,
  logger: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
): Promise<ConversionClaims> {
  const held = new Set<number>();
  if (database.kind !== 'postgres' || !database.url) {
    // One process, one connection (PGlite): its locks live as long as the process.
    const run: Run = database.executeSql;
    return {
      async hold(videoId) {
        const { rows } = await run(lockSql, [CONVERSION_NAMESPACE, videoId]);
        return rows[0]?.ok === true;
      },
      async release(videoId) {
        await run(unlockSql, [CONVERSION_NAMESPACE, videoId]);
      },
      async close() {},
    };
  }

  const connection = await holdConnection({
    url: database.url,
    // Tells an operator (and the process test) which process converts what.
    applicationName: `pw-video-conversions-${process.pid}`,
    what: 'video worker conversion locks',
    logger,
    // Conversions still running here take their locks again: a takeover must not start beside them.
    async onConnect(client) {
      for (const videoId of held) await client.query(lockSql, [CONVERSION_NAMESPACE, videoId]);
    },
  });
  return {
    async hold(videoId) {
      held.add(videoId);
      const client = connection.client;
      if (!client) return true;
      const { rows } = await client.query(lockSql, [CONVERSION_NAMESPACE, videoId]);
      return rows[0]?.ok === true;
    },
    async release(videoId) {
      held.delete(videoId);
      await connection.client?.query(unlockSql, [CONVERSION_NAMESPACE, videoId]).catch(() => undefined);
    },
    close: () => connection.close(),
  };
}
