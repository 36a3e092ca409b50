import pg from 'pg';

/**
 * What a starting process does once for everyone: apply the migrations, create pg-boss's schema and
 * the queues. Neither drizzle's migrator nor pg-boss takes a lock, so processes starting together on
 * an empty database raced (a duplicate `CREATE TABLE`, a deadlock in pg-boss's queue creation). Each
 * step runs under a PostgreSQL advisory lock held by a connection of its own: the others wait, then
 * find nothing left to do. Session-level locks end with their connection, so a process killed while
 * holding one releases it.
 */
export const startLocks = {
  migrations: 7_341_001,
  queues: 7_341_002,
} as const;

export async function withAdvisoryLock<T>(url: string, key: number, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]);
    }
  } finally {
    await client.end();
  }
}
