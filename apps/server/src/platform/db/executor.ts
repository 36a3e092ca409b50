import { sql, type SQL } from 'drizzle-orm';
import type { Db, ExecuteSql } from './index';

/**
 * Runs pg-boss's parameterised SQL (`$1`, `$2`, …) through a Drizzle database or transaction, so a job
 * can be enqueued in the same transaction as the row it is about (pass `{ db: sqlExecutor(tx) }` to
 * `queue.send`): the job exists if and only if the row was committed. On PGlite this is also the only
 * way to enqueue inside a transaction, because its single connection is held by the transaction.
 */
export function sqlExecutor(db: Db): { executeSql: ExecuteSql } {
  // The driver client behind the database or transaction (a pg PoolClient or Pool, a PGlite transaction
  // or instance): all take parameterised text as is, which skips rebuilding pg-boss's long statements
  // through Drizzle on every job. Drizzle keeps it in `session.client`; if that ever changes, the
  // Drizzle path below still works.
  const client = (db as unknown as { session?: { client?: RawClient } }).session?.client;
  if (client && typeof client.query === 'function') {
    return {
      async executeSql(text, values = []) {
        const result = await client.query(text, values.map(encode));
        return { rows: result.rows };
      },
    };
  }
  return {
    async executeSql(text, values = []) {
      const result = await db.execute(toSql(text, values));
      return { rows: (result as unknown as { rows: Record<string, unknown>[] }).rows };
    },
  };
}

interface RawClient {
  query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** `$n` placeholders become Drizzle parameters (each occurrence its own, with the same value). */
export function toSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    if (index % 2 === 0) {
      if (part) chunks.push(sql.raw(part));
      return;
    }
    const value = values[Number(part) - 1];
    chunks.push(sql`${encode(value)}`);
  });
  return sql.join(chunks);
}

function encode(value: unknown): unknown {
  if (value === undefined) return null;
  // Plain objects are JSON payloads (`$3::jsonb`); drivers differ in how they send them otherwise.
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date))
    return JSON.stringify(value);
  return value;
}
