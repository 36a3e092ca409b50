import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db';

export type { PgBoss };

/** The schema pg-boss keeps its tables in (`job`, `archive`): a sweeper may look at them, never write. */
export const QUEUE_SCHEMA = 'pgboss';

/**
 * pg-boss on the same database: on PGlite through its `db` option (one in-process connection), on
 * PostgreSQL with its own pool. Every process can send jobs; only workers (ROLE=worker or all)
 * run handlers and maintenance (`supervise`).
 */
export async function startQueue(
  database: Database,
  logger: Pick<FastifyBaseLogger, 'error'>,
  options: { supervise: boolean },
): Promise<PgBoss> {
  const common = {
    schema: QUEUE_SCHEMA,
    supervise: options.supervise,
    schedule: false,
    migrate: true,
  } as const;
  const boss =
    database.kind === 'postgres' && database.url
      ? new PgBoss({ ...common, connectionString: database.url, max: 5 })
      : new PgBoss({ ...common, db: { executeSql: database.executeSql } });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  // pg-boss creates its schema at start without a lock: one process at a time (start-lock.ts).
  await database.exclusively('queues', () => boss.start());
  return boss;
}
