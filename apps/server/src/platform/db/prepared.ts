import type { Db } from './index';

const built = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per database (or transaction) and name, then run with `.execute({ …values })`.
 * Drizzle rebuilds a query's SQL from its builder on every call, about 70 µs for a page of rows and its
 * count (docs/operations.md §Request pipeline); the calls every page makes build theirs once, with
 * `sql.placeholder` for what changes. The name is the PostgreSQL prepared statement's: one name, one SQL
 * text.
 *
 *   const page = preparedQuery(db, 'notifications_page', (db) =>
 *     db.select().from(notifications).where(eq(notifications.userId, sql.placeholder('userId'))).prepare('notifications_page'));
 */
export function preparedQuery<Q>(db: Db, name: string, build: (db: Db) => Q): Q {
  let queries = built.get(db);
  if (!queries) built.set(db, (queries = new Map()));
  let query = queries.get(name) as Q | undefined;
  if (query === undefined) {
    query = build(db);
    queries.set(name, query);
  }
  return query;
}
