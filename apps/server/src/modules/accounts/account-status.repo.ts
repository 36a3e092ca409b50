import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { sessions, users, type AccountType } from './accounts.schema';

/** The status toggle's queries (issue 13): the account's status and its sessions, in one transaction. */
export function createAccountStatusRepo(db: Db) {
  return {
    /**
     * Sets the status of the account of this id and type unless it has it already: the changed row, or
     * null when nothing changed (so a repeated or concurrent request does its work only once).
     */
    async changeStatus(id: number, type: AccountType, status: 0 | 1, now: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .update(users)
        .set({ status, updatedAt: now })
        .where(and(eq(users.id, id), eq(users.type, type), ne(users.status, status)))
        .returning({ id: users.id });
      return row ?? null;
    },

    /** Whether an account of this id and type exists (an admin's id is not a user's). */
    async exists(id: number, type: AccountType, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), eq(users.type, type)))
        .limit(1);
      return row !== undefined;
    },

    /** Every live session of the account revoked: its next request is a 401. */
    async revokeSessions(userId: number, now: Date, tx: DbOrTx = db): Promise<number> {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length;
    },
  };
}

export type AccountStatusRepo = ReturnType<typeof createAccountStatusRepo>;
