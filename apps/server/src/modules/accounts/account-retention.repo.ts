import { and, eq, isNotNull, lte, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { passwordResets, sessions, users } from './accounts.schema';

/**
 * What the retention sweep asks of the accounts' own tables (docs/product.md §11.9): the
 * ended account held for its deletion, and the short-lived rows that no longer open anything.
 */
export function createAccountRetentionRepo(db: Db) {
  return {
    /**
     * Locks the account's row if it is still deactivated since `endedAt`, in the deletion's transaction:
     * an activation (or another sweep) waits for it, and one that came first makes this answer false.
     */
    async holdEnded(accountId: number, endedAt: Date, tx: DbOrTx): Promise<boolean> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, accountId), eq(users.status, 0), eq(users.deactivatedAt, endedAt)))
        .for('update');
      return rows.length > 0;
    },

    /**
     * Deletes sessions past their end or revoked, and reset codes used or past their ten minutes: none
     * of them signs anyone in any more (a token or code not found is refused the same way).
     */
    async purgeSignInLeftovers(
      now: Date,
      tx: DbOrTx = db,
    ): Promise<{ sessions: number; resetCodes: number }> {
      const gone = await tx
        .delete(sessions)
        .where(or(lte(sessions.expiresAt, now), isNotNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      const codes = await tx
        .delete(passwordResets)
        .where(or(lte(passwordResets.expiresAt, now), isNotNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id });
      return { sessions: gone.length, resetCodes: codes.length };
    },
  };
}

export type AccountRetentionRepo = ReturnType<typeof createAccountRetentionRepo>;
