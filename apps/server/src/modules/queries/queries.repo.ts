import { eq } from 'drizzle-orm';
import type { AdminQueryListQuery } from '@pw/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { paginate, type ListSource } from '../../platform/db/paginate';
import { queries } from './queries.schema';

const listed = {
  id: queries.id,
  name: queries.name,
  email: queries.email,
  subject: queries.subject,
  userType: queries.userType,
  createdAt: queries.createdAt,
};

/** The admin's queries table as the list kit sees it: the sort whitelist, searched columns, dated column. */
export const queryList: ListSource<typeof listed> = {
  table: queries,
  select: listed,
  sortable: {
    created_at: queries.createdAt,
    name: queries.name,
    email: queries.email,
    subject: queries.subject,
    user_type: queries.userType,
  },
  tieBreaker: queries.id,
  searchable: [queries.name, queries.email, queries.subject],
  dated: queries.createdAt,
};

export type QueryRow = typeof queries.$inferSelect;
export type NewQuery = typeof queries.$inferInsert;

/**
 * The module's one door to its tables (the repository shape of every module): a factory over the
 * database; each method also takes a transaction to join (`tx`), the database when none is given.
 */
export function createQueriesRepo(db: Db) {
  return {
    list(query: AdminQueryListQuery, tx: DbOrTx = db) {
      const byType = query.user_type ? eq(queries.userType, query.user_type) : undefined;
      return paginate(tx as Db, queryList, query, [byType]);
    },

    async find(id: number, tx: DbOrTx = db): Promise<QueryRow | null> {
      const [row] = await tx.select().from(queries).where(eq(queries.id, id)).limit(1);
      return row ?? null;
    },

    async insert(values: NewQuery, tx: DbOrTx = db): Promise<{ id: number }> {
      const [row] = await tx.insert(queries).values(values).returning({ id: queries.id });
      return row!;
    },
  };
}

export type QueriesRepo = ReturnType<typeof createQueriesRepo>;
export type QueryListRow = Awaited<ReturnType<QueriesRepo['list']>>['rows'][number];
