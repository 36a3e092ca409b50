import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { holdConnection } from '../../platform/db/held-connection';

/** Advisory-lock namespace of delivery workers ('PWD1'); the second key is the worker's liveness id. */
export const LIVENESS_NAMESPACE = 0x50574431;

/**
 * A worker's proof of life: a session-level advisory lock `(LIVENESS_NAMESPACE, id)` held on a
 * connection of its own for as long as the process lives. PostgreSQL releases it the moment that
 * connection dies (process killed, machine gone), so "is the claimant of this row still alive?" is a
 * lookup in pg_locks instead of a guess based on time (docs/decisions/0040-exactly-once-delivery.md).
 * On PGlite (one process, one connection) the lock is held by that connection: after a restart no
 * earlier claimant can hold it.
 */
export interface Liveness {
  /** The current id; it changes if the lock connection had to be re-established. */
  readonly id: number;
  /** False while the lock is not held (then the worker must not claim). */
  readonly alive: boolean;
  release(): Promise<void>;
}

/** True when the worker whose liveness id is `claimedBy` no longer holds its lock (it died). */
export const claimantGone = (claimedBy: SQL | SQL.Aliased | unknown): SQL => sql`not exists (
  select 1 from pg_locks l
  where l.locktype = 'advisory'
    and l.database = (select oid from pg_database where datname = current_database())
    and l.classid = ${sql.raw(String(LIVENESS_NAMESPACE))}::oid
    and l.objid = ${claimedBy}::oid
    and l.objsubid = 2
    and l.granted)`;

async function tryLock(
  run: (text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
) {
  for (;;) {
    const id = randomInt(1, 2 ** 31 - 1);
    const { rows } = await run('select pg_try_advisory_lock($1::int, $2::int) as ok', [
      LIVENESS_NAMESPACE,
      id,
    ]);
    if (rows[0]?.ok === true) return id;
  }
}

export async function acquireLiveness(
  database: Database,
  logger: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
): Promise<Liveness> {
  if (database.kind !== 'postgres' || !database.url) {
    const id = await tryLock(database.executeSql);
    return {
      id,
      alive: true,
      release: async () => {
        await database.executeSql('select pg_advisory_unlock($1::int, $2::int)', [LIVENESS_NAMESPACE, id]);
      },
    };
  }

  let id = 0;
  let alive = false;
  const connection = await holdConnection({
    url: database.url,
    applicationName: 'pw-delivery-liveness',
    what: 'delivery worker liveness',
    logger,
    async onConnect(client) {
      id = await tryLock((text, values) => client.query(text, values));
      alive = true;
    },
    onLost: () => {
      alive = false;
    },
  });
  return {
    get id() {
      return id;
    },
    get alive() {
      return alive;
    },
    async release() {
      alive = false;
      await connection.close();
    },
  };
}
