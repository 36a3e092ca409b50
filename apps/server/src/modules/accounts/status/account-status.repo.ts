import { and, eq, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db';
import { users, type AccountType } from '../accounts.schema';

/** The status toggle's queries (docs/product.md §2.6): the account's status, in the toggle's transaction. */
export function createAccountStatusRepo(db: Db) {
  return {
    /**
     * Sets the status of the account of this id and type unless it has it already: the changed row, or
     * null when nothing changed (so a repeated or concurrent request does its work only once). A
     * deactivation starts the retention clock, an activation stops it (docs/product.md §11.9).
     */
    async changeStatus(id: number, type: AccountType, status: 0 | 1, now: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .update(users)
        .set({ status, updatedAt: now, deactivatedAt: status === 0 ? now : null })
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
  };
}

export type AccountStatusRepo = ReturnType<typeof createAccountStatusRepo>;
