import { and, asc, eq, gt, isNotNull, lte, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { accountsView } from '../accounts';
import { retentionNotices } from './account-data.schema';

// The accounts, read through their public view (decision 0310).
const users = accountsView('users');

/** An account deactivated since `endedAt`, as the retention sweep reads it. */
export interface EndedAccount {
  id: number;
  email: string;
  firstName: string;
  endedAt: Date;
}

/** What the sweep reads of an ended account (`endedAt` is never null where it reads them). */
const endedColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  endedAt: users.deactivatedAt,
};

/** Queries of the retention sweep (docs/product.md §11.9); no rules here. */
export function createRetentionRepo(db: Db) {
  return {
    /**
     * Accounts deactivated at or before `cutoff`, oldest ending first, after the one `after` names
     * (keyset pages: a page of accounts with nothing to do does not hide the next ones).
     */
    async endedBefore(
      cutoff: Date,
      after: { endedAt: Date; id: number } | null,
      limit: number,
    ): Promise<EndedAccount[]> {
      const rows = await db
        .select(endedColumns)
        .from(users)
        .where(
          and(
            eq(users.status, 0),
            isNotNull(users.deactivatedAt),
            lte(users.deactivatedAt, cutoff),
            after
              ? or(
                  gt(users.deactivatedAt, after.endedAt),
                  and(eq(users.deactivatedAt, after.endedAt), gt(users.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(users.deactivatedAt), asc(users.id))
        .limit(limit);
      return rows.map((row) => ({ ...row, endedAt: row.endedAt! }));
    },

    /** The account if it is still deactivated since `endedAt` (a notice about to be sent asks). */
    async stillEnded(accountId: number, endedAt: Date): Promise<EndedAccount | null> {
      const [row] = await db
        .select(endedColumns)
        .from(users)
        .where(and(eq(users.id, accountId), eq(users.status, 0), eq(users.deactivatedAt, endedAt)));
      return row ? { ...row, endedAt: row.endedAt! } : null;
    },

    /** The notices claimed for this ending: days before → when. */
    async noticesOf(accountId: number, endedAt: Date): Promise<Map<number, Date>> {
      const rows = await db
        .select({ days: retentionNotices.daysBefore, at: retentionNotices.createdAt })
        .from(retentionNotices)
        .where(and(eq(retentionNotices.accountId, accountId), eq(retentionNotices.endedAt, endedAt)));
      return new Map(rows.map((row) => [row.days, row.at]));
    },

    /** Claims one notice; false when it was claimed already (by this run before, or another at once). */
    async claimNotice(
      accountId: number,
      endedAt: Date,
      daysBefore: number,
      now: Date,
      tx: DbOrTx,
    ): Promise<boolean> {
      const rows = await tx
        .insert(retentionNotices)
        .values({ accountId, endedAt, daysBefore, createdAt: now })
        .onConflictDoNothing()
        .returning({ accountId: retentionNotices.accountId });
      return rows.length > 0;
    },
  };
}

export type RetentionRepo = ReturnType<typeof createRetentionRepo>;
