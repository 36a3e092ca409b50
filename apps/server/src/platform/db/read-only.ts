import { getTableColumns, type Subquery } from 'drizzle-orm';
import { QueryBuilder, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';

const builder = new QueryBuilder();

/**
 * A module's table as another module may read it (decision 0310): a named subquery over the table's
 * columns (all of them, or the ones the owner shares) that can be selected from and joined, but never
 * inserted into, updated or deleted from. PostgreSQL folds a plain subquery like this into the outer
 * query, so a join through it is planned exactly as a join on the table, indexes and all.
 */
export function readOnlyView<
  TTable extends PgTable,
  TAlias extends string,
  TColumns extends Record<string, PgColumn> = TTable['_']['columns'],
>(table: TTable, alias: TAlias, columns?: TColumns) {
  return builder
    .select((columns ?? getTableColumns(table)) as TColumns)
    .from(table as PgTable)
    .as(alias);
}

/** Every column of a view, to select as one nested object (`{ request: columnsOf(requests) }`). */
export function columnsOf<TView extends Subquery>(
  view: TView,
): { [K in keyof TView['_']['selectedFields']]: K extends keyof TView ? TView[K] : never } {
  const fields = Object.keys(view._.selectedFields);
  return Object.fromEntries(fields.map((name) => [name, view[name as keyof TView]])) as never;
}
