import { eq } from 'drizzle-orm';
import type { AdminQueryListQuery } from '@pw/contracts';
import type { Db } from '../../platform/db';
import { paginate, type ListSource } from '../../platform/db/paginate';
// The table is written by the contact-us endpoint (accounts) until the restructure moves it here.
import { queries } from '../accounts/accounts.schema';

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

export type QueryListRow = Awaited<ReturnType<typeof listQueries>>['rows'][number];
export type QueryRow = typeof queries.$inferSelect;

export function listQueries(db: Db, query: AdminQueryListQuery) {
  const byType = query.user_type ? eq(queries.userType, query.user_type) : undefined;
  return paginate(db, queryList, query, [byType]);
}

export async function findQuery(db: Db, id: number): Promise<QueryRow | null> {
  const [row] = await db.select().from(queries).where(eq(queries.id, id)).limit(1);
  return row ?? null;
}
