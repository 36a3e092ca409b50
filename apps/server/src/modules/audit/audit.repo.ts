import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AdminReadListQuery } from '@pw/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { paginate, type ListSource } from '../../platform/db/paginate';
import { adminReads, type NewAdminRead } from './audit.schema';

const listed = {
  id: adminReads.id,
  adminName: adminReads.adminName,
  what: adminReads.what,
  videoTitle: adminReads.videoTitle,
  reason: adminReads.reason,
  readAt: adminReads.readAt,
};

/** The owner's list as the list kit sees it: by the moment of the read, newest first. */
const readList: ListSource<typeof listed> = {
  table: adminReads,
  select: listed,
  sortable: { read_at: adminReads.readAt },
  tieBreaker: adminReads.id,
  searchable: [adminReads.adminName, adminReads.reason, adminReads.videoTitle],
  dated: adminReads.readAt,
};

export type AdminReadListRow = Awaited<ReturnType<AuditRepo['list']>>['rows'][number];

/** The audit module's one door to its table; each method also joins a caller's transaction. */
export function createAuditRepo(db: Db) {
  return {
    async insert(values: NewAdminRead, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.insert(adminReads).values(values).returning({ id: adminReads.id });
      return row!.id;
    },

    /** Whether this administrator's read of this kind of the owner's data is recorded after `since`. */
    async readSince(
      input: { ownerId: number; adminId: number; what: string; since: Date },
      tx: DbOrTx = db,
    ): Promise<boolean> {
      const [row] = await tx
        .select({ id: adminReads.id })
        .from(adminReads)
        .where(
          and(
            eq(adminReads.ownerId, input.ownerId),
            eq(adminReads.adminId, input.adminId),
            eq(adminReads.what, input.what),
            isNull(adminReads.reason),
            gt(adminReads.readAt, input.since),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    list(ownerId: number, query: AdminReadListQuery, tx: DbOrTx = db) {
      return paginate(tx as Db, readList, query, [eq(adminReads.ownerId, ownerId)]);
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
