import type { AdminQueryDetail, AdminQueryItem, AdminQueryListQuery } from '@pw/contracts';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import * as repo from './queries.repo';

const toItem = (row: repo.QueryListRow): AdminQueryItem => ({
  id: row.id,
  name: row.name,
  email: row.email,
  subject: row.subject,
  user_type: row.userType,
  created_at: row.createdAt.toISOString(),
});

/** The back office's view of contact-us messages (spec 001 'queries'): list and details, read only. */
export function createQueriesService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async list(query: AdminQueryListQuery) {
      const { rows, total } = await repo.listQueries(db, query);
      return { items: rows.map(toItem), total };
    },

    async detail(id: number): Promise<AdminQueryDetail> {
      const row = id > 0 ? await repo.findQuery(db, id) : null;
      if (!row) throw notFound('Query not found.');
      return { ...toItem(row), message: row.message };
    },
  };
}
